"use client";

import type { CreatedEndpoint } from "../hooks/useWebhooksQuery";
import { SecretDialog } from "../ui/SecretDialog";

/** Shows a new (or rolled) signing secret exactly once. */
export function WebhookSecretDialog({
  created,
  onClose,
}: {
  created: CreatedEndpoint | null;
  onClose: () => void;
}) {
  return (
    <SecretDialog
      secret={created?.secret ?? null}
      title="Save your signing secret"
      description="Your receiver needs it to verify the webhook-signature header of every delivery."
      warning={
        <>
          <strong className="font-semibold">This is the only time the secret is shown.</strong> It is stored
          encrypted and used only to sign deliveries.
        </>
      }
      label={
        <>
          Signing secret for{" "}
          <span className="break-all font-normal text-slate-600">{created?.endpoint.url}</span>
        </>
      }
      usage={() => (
        <p className="text-xs text-slate-600">
          Verify with the <code className="rounded bg-slate-100 px-1">standardwebhooks</code> library:{" "}
          <code className="rounded bg-slate-100 px-1">new Webhook(secret).verify(body, headers)</code>.
        </p>
      )}
      confirmTitle="Have you copied the signing secret?"
      confirmDescription="Once you close this dialog the secret cannot be shown again. If you lose it, delete the endpoint and add it again."
      confirmNote="The endpoint stays listed; only its secret disappears from this page."
      onClose={onClose}
    />
  );
}
