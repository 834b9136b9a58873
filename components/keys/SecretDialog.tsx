"use client";

import { useEffect, useId, useState } from "react";
import type { CreatedKey } from "@/lib/keys/views";
import { EnvironmentBadge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { KEY_VARIABLE } from "../logs/curl";
import { CopyButton } from "../ui/CopyButton";
import { Dialog } from "../ui/Dialog";
import { AlertIcon } from "../ui/icons";

/** Shows a new key exactly once. Every way out (Done, ×, Escape, backdrop) asks for confirmation. */
export function SecretDialog({ created, onClose }: { created: CreatedKey | null; onClose: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const fieldId = useId();

  useEffect(() => {
    setConfirming(false);
    setCopied(false);
  }, [created]);

  return (
    <Dialog
      open={created !== null}
      onDismiss={() => setConfirming(true)}
      hideClose={confirming}
      size="lg"
      title={confirming ? "Have you copied your key?" : "Save your API key"}
      description={
        confirming
          ? "Once you close this dialog the key cannot be shown again. If you lose it, revoke it and create a new one."
          : "Copy this key now and keep it somewhere safe, such as a secrets manager or an environment variable."
      }
      footer={
        confirming ? (
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} autoFocus>
              Go back
            </Button>
            <Button onClick={onClose}>I have copied it</Button>
          </>
        ) : (
          <Button onClick={() => setConfirming(true)}>Done</Button>
        )
      }
    >
      {created && !confirming && (
        <div className="space-y-4">
          <div
            className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            role="note"
          >
            <AlertIcon className="mt-0.5 shrink-0 text-amber-600" />
            <p>
              <strong className="font-semibold">This is the only time the full key is shown.</strong> Statline
              stores only a hash of it and cannot show it again.
            </p>
          </div>
          <div>
            <div className="flex items-center justify-between">
              <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
                Secret key
              </label>
              <span className="flex items-center gap-2 text-xs text-slate-500">
                {created.key.name} <EnvironmentBadge environment={created.key.environment} />
              </span>
            </div>
            <div className="mt-1.5 flex gap-2">
              <input
                id={fieldId}
                readOnly
                data-autofocus
                value={created.secret}
                onFocus={(e) => e.currentTarget.select()}
                spellCheck={false}
                className="block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-[13px] text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25"
              />
              <CopyButton text={created.secret} onCopied={() => setCopied(true)} />
            </div>
            {copied && <p className="mt-1.5 text-xs text-emerald-700">Copied to your clipboard.</p>}
          </div>
          <div className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
            <p className="min-w-0 text-xs text-slate-600">
              Or set it for the quick start and the CLI:{" "}
              <code className="font-mono">export {KEY_VARIABLE}=…</code>
            </p>
            <CopyButton
              text={`export ${KEY_VARIABLE}=${created.secret}`}
              label="Copy export"
              size="sm"
              onCopied={() => setCopied(true)}
            />
          </div>
          {/* slate-600: slate-500 on the chips' slate-100 is 4.3:1, under WCAG AA's 4.5:1 (axe). */}
          <p className="text-xs text-slate-600">
            Send it in the <code className="rounded bg-slate-100 px-1">X-API-Key</code> header, or as{" "}
            <code className="rounded bg-slate-100 px-1">Authorization: Bearer …</code>.
          </p>
        </div>
      )}
      {confirming && (
        <p className="text-sm text-slate-700">
          Key <code className="rounded bg-slate-100 px-1 font-mono text-[13px]">{created?.key.prefix}…</code>{" "}
          stays listed; only its secret part disappears from this page.
        </p>
      )}
    </Dialog>
  );
}
