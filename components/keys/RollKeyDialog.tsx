"use client";

import { useEffect, useState } from "react";
import type { CreatedKey, KeyView } from "@/lib/keys/views";
import { useRollKeyMutation } from "../hooks/useKeysQuery";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";

type Grace = "now" | "1h" | "24h" | "7d";
const GRACES: { value: Grace; label: string }[] = [
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
  const roll = useRollKeyMutation();
  const [grace, setGrace] = useState<Grace>("24h");
  useEffect(() => {
    if (apiKey) setGrace("24h");
  }, [apiKey]);
  const close = () => {
    if (roll.isPending) return;
    roll.reset();
    onClose();
  };
  return (
    <Dialog
      open={apiKey !== null}
      onDismiss={close}
      title="Roll API key"
      description="A new secret with the same name, environment, scopes and limits. The new key is shown once."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={roll.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            disabled={roll.isPending}
            onClick={() =>
              apiKey &&
              roll.mutate(
                { id: apiKey.id, grace },
                {
                  onSuccess: (created) => {
                    roll.reset();
                    onRolled(created);
                  },
                },
              )
            }
          >
            {roll.isPending ? "Rolling…" : "Roll key"}
          </Button>
        </>
      }
    >
      {apiKey && (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            Rolling{" "}
            <strong className="font-medium text-slate-900 [overflow-wrap:anywhere]">{apiKey.name}</strong>{" "}
            <code className="rounded bg-slate-100 px-1 font-mono text-[13px]">{apiKey.prefix}…</code>
          </p>
          <fieldset>
            <legend className="font-medium text-slate-800">Keep the old key working for</legend>
            <div className="mt-2 space-y-1.5">
              {GRACES.map((g) => (
                <label key={g.value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="grace"
                    value={g.value}
                    checked={grace === g.value}
                    onChange={() => setGrace(g.value)}
                    className="accent-emerald-700"
                  />
                  {g.label}
                </label>
              ))}
            </div>
          </fieldset>
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
