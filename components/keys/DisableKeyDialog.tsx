"use client";

import type { KeyView } from "@/lib/keys/views";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";

/** Disabling answers 401 to every request with the key at once: asked first, Cancel focused. */
export function DisableKeyDialog({
  apiKey,
  pending,
  onCancel,
  onConfirm,
}: {
  apiKey: KeyView | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (k: KeyView) => void;
}) {
  return (
    <Dialog
      open={apiKey !== null}
      onDismiss={() => !pending && onCancel()}
      title="Disable API key?"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" disabled={pending} onClick={() => apiKey && onConfirm(apiKey)}>
            {pending ? "Disabling…" : "Disable key"}
          </Button>
        </>
      }
    >
      {apiKey && (
        <p className="text-sm text-slate-700">
          <strong className="font-medium text-slate-900 [overflow-wrap:anywhere]">{apiKey.name}</strong>{" "}
          <code className="rounded bg-slate-100 px-1 font-mono text-[13px]">{apiKey.prefix}…</code>
          {apiKey.environment === "live" ? ", a live key," : ""} stops working within seconds: requests get{" "}
          <code className="rounded bg-slate-100 px-1">401 Invalid API key</code> until you enable it again.
        </p>
      )}
    </Dialog>
  );
}
