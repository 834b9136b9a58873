"use client";

import { useEffect, useState } from "react";
import type { SecretOverlap } from "@/lib/webhooks/config";
import type { WebhookEndpointView } from "@/lib/webhooks/views";
import { useRollSecretMutation, type CreatedEndpoint } from "../hooks/useWebhooksQuery";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";

const OVERLAPS: { value: SecretOverlap; label: string }[] = [
  { value: "none", label: "No overlap: the old secret stops at once" },
  { value: "1h", label: "1 hour" },
  { value: "24h", label: "24 hours" },
  { value: "3d", label: "3 days" },
  { value: "7d", label: "7 days" },
];

/**
 * A new signing secret, shown once. During the overlap every delivery carries two signatures (new
 * and old, Standard Webhooks allows several), so the receiver can switch secrets without a gap.
 */
export function RollSecretDialog({
  endpoint,
  onClose,
  onRolled,
}: {
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
  onRolled: (created: CreatedEndpoint) => void;
}) {
  const roll = useRollSecretMutation();
  const [overlap, setOverlap] = useState<SecretOverlap>("24h");
  useEffect(() => {
    if (endpoint) setOverlap("24h");
  }, [endpoint]);
  const close = () => {
    if (roll.isPending) return;
    roll.reset();
    onClose();
  };
  return (
    <Dialog
      open={endpoint !== null}
      onDismiss={close}
      title="Roll signing secret"
      description="A new secret for this endpoint, shown once. Update your receiver before the overlap ends."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={roll.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            disabled={roll.isPending}
            onClick={() =>
              endpoint &&
              roll.mutate(
                { id: endpoint.id, overlap },
                {
                  onSuccess: (created) => {
                    roll.reset();
                    onRolled(created);
                  },
                },
              )
            }
          >
            {roll.isPending ? "Rolling…" : "Roll secret"}
          </Button>
        </>
      }
    >
      {endpoint && (
        <div className="space-y-3 text-sm text-slate-700">
          <p className="break-all font-mono text-[13px] text-slate-900">{endpoint.url}</p>
          <fieldset>
            <legend className="font-medium text-slate-800">Keep signing with the old secret too for</legend>
            <div className="mt-2 space-y-1.5">
              {OVERLAPS.map((o) => (
                <label key={o.value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="overlap"
                    value={o.value}
                    checked={overlap === o.value}
                    onChange={() => setOverlap(o.value)}
                    className="accent-emerald-700"
                  />
                  {o.label}
                </label>
              ))}
            </div>
          </fieldset>
          <p className="text-xs text-slate-600">
            Needs a sign-in or a confirmation on the Account page within the last 10 minutes.
          </p>
          {roll.isError && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
              {roll.error.message}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
