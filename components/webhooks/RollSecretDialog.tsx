"use client";

import type { SecretOverlap } from "@/lib/webhooks/schemas";
import type { WebhookEndpointView } from "@/lib/webhooks/views";
import { useRollSecretMutation, type CreatedEndpoint } from "../hooks/useWebhooksQuery";
import { RollDialog, type RollChoice } from "../ui/RollDialog";

const OVERLAPS: RollChoice<SecretOverlap>[] = [
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
  return (
    <RollDialog
      target={endpoint}
      title="Roll signing secret"
      description="A new secret for this endpoint, shown once. Update your receiver before the overlap ends."
      subject={(e) => <p className="break-all font-mono text-[13px] text-slate-900">{e.url}</p>}
      legend="Keep signing with the old secret too for"
      name="overlap"
      choices={OVERLAPS}
      initial="24h"
      confirm="Roll secret"
      note={
        <p className="text-xs text-slate-600">
          Needs a sign-in or a confirmation on the Account page within the last 10 minutes.
        </p>
      }
      mutation={useRollSecretMutation()}
      variables={(e, overlap) => ({ id: e.id, overlap })}
      onClose={onClose}
      onRolled={onRolled}
    />
  );
}
