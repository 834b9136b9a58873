"use client";

import { useEffect, useId, useState } from "react";
import { Button } from "../ui/Button";
import { CopyButton } from "../ui/CopyButton";
import { Dialog } from "../ui/Dialog";
import { AlertIcon } from "../ui/icons";
import type { CreatedEndpoint } from "../hooks/useWebhooksQuery";

/** The signing secret, shown once (the SecretDialog pattern: every way out asks for confirmation). */
export function WebhookSecretDialog({
  created,
  onClose,
}: {
  created: CreatedEndpoint | null;
  onClose: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const fieldId = useId();
  useEffect(() => setConfirming(false), [created]);

  return (
    <Dialog
      open={created !== null}
      onDismiss={() => setConfirming(true)}
      hideClose={confirming}
      size="lg"
      title={confirming ? "Have you copied the signing secret?" : "Save your signing secret"}
      description={
        confirming
          ? "Once you close this dialog the secret cannot be shown again. If you lose it, delete the endpoint and add it again."
          : "Your receiver needs it to verify the webhook-signature header of every delivery."
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
              <strong className="font-semibold">This is the only time the secret is shown.</strong> It is
              stored encrypted and used only to sign deliveries.
            </p>
          </div>
          <div>
            <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
              Signing secret for{" "}
              <span className="break-all font-normal text-slate-600">{created.endpoint.url}</span>
            </label>
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
              <CopyButton text={created.secret} />
            </div>
          </div>
          <p className="text-xs text-slate-600">
            Verify with the <code className="rounded bg-slate-100 px-1">standardwebhooks</code> library:{" "}
            <code className="rounded bg-slate-100 px-1">new Webhook(secret).verify(body, headers)</code>.
          </p>
        </div>
      )}
      {confirming && (
        <p className="text-sm text-slate-700">
          The endpoint stays listed; only its secret disappears from this page.
        </p>
      )}
    </Dialog>
  );
}
