"use client";

import type { GraceChoice } from "@/lib/keys/schemas";
import type { CreatedKey, KeyView } from "@/lib/keys/views";
import { useRollKeyMutation } from "../hooks/useKeysQuery";
import { RollDialog, type RollChoice } from "../ui/RollDialog";

const GRACES: RollChoice<GraceChoice>[] = [
  { value: "now", label: "Now: the old key stops working at once" },
  { value: "1h", label: "1 hour" },
  { value: "24h", label: "24 hours" },
  { value: "7d", label: "7 days" },
];

/** Roll (Stripe's "roll key"): a new secret, the old one works until the grace ends. */
export function RollKeyDialog({
  apiKey,
  onClose,
  onRolled,
}: {
  apiKey: KeyView | null;
  onClose: () => void;
  onRolled: (created: CreatedKey) => void;
}) {
  return (
    <RollDialog
      target={apiKey}
      title="Roll API key"
      description="A new secret with the same name, environment, scopes and limits. The new key is shown once."
      subject={(k) => (
        <p>
          Rolling <strong className="font-medium text-slate-900 [overflow-wrap:anywhere]">{k.name}</strong>{" "}
          <code className="rounded bg-slate-100 px-1 font-mono text-[13px]">{k.prefix}…</code>
        </p>
      )}
      legend="Keep the old key working for"
      name="grace"
      choices={GRACES}
      initial="24h"
      confirm="Roll key"
      mutation={useRollKeyMutation()}
      variables={(k, grace) => ({ id: k.id, grace })}
      onClose={onClose}
      onRolled={onRolled}
    />
  );
}
