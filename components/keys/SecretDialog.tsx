"use client";

import type { CreatedKey } from "@/lib/keys/views";
import { EnvironmentBadge } from "../ui/Badge";
import { KEY_VARIABLE } from "../logs/curl";
import { CopyButton } from "../ui/CopyButton";
import { SecretDialog as ShowOnce } from "../ui/SecretDialog";

/** Shows a new (or rolled) API key exactly once. */
export function SecretDialog({ created, onClose }: { created: CreatedKey | null; onClose: () => void }) {
  return (
    <ShowOnce
      secret={created?.secret ?? null}
      title="Save your API key"
      description="Copy this key now and keep it somewhere safe, such as a secrets manager or an environment variable."
      warning={
        <>
          <strong className="font-semibold">This is the only time the full key is shown.</strong> Statline
          stores only a hash of it and cannot show it again.
        </>
      }
      label="Secret key"
      labelAside={
        created && (
          <span className="flex min-w-0 items-center gap-2 text-xs text-slate-500">
            <span className="truncate">{created.key.name}</span>{" "}
            <EnvironmentBadge environment={created.key.environment} />
          </span>
        )
      }
      usage={(onCopied) =>
        created && (
          <>
            <div className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
              <p className="min-w-0 text-xs text-slate-600">
                Or set it for the quick start and the CLI:{" "}
                <code className="font-mono">export {KEY_VARIABLE}=…</code>
              </p>
              <CopyButton
                text={`export ${KEY_VARIABLE}=${created.secret}`}
                label="Copy export"
                size="sm"
                onCopied={onCopied}
              />
            </div>
            {/* slate-600: slate-500 on the chips' slate-100 is 4.3:1, under WCAG AA's 4.5:1 (axe). */}
            <p className="text-xs text-slate-600">
              Send it in the <code className="rounded bg-slate-100 px-1">X-API-Key</code> header, or as{" "}
              <code className="rounded bg-slate-100 px-1">Authorization: Bearer …</code>.
            </p>
          </>
        )
      }
      confirmTitle="Have you copied your key?"
      confirmDescription="Once you close this dialog the key cannot be shown again. If you lose it, revoke it and create a new one."
      confirmNote={
        <>
          Key <code className="rounded bg-slate-100 px-1 font-mono text-[13px]">{created?.key.prefix}…</code>{" "}
          stays listed; only its secret part disappears from this page.
        </>
      }
      onClose={onClose}
    />
  );
}
