"use client";

import type { KeyView } from "@/lib/keys/views";
import { useRevokeKeyMutation } from "../hooks/useKeysQuery";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";

export function RevokeKeyDialog({
  apiKey,
  onClose,
  onRevoked,
}: {
  apiKey: KeyView | null;
  onClose: () => void;
  onRevoked: (k: KeyView) => void;
}) {
  const revoke = useRevokeKeyMutation();
  const close = () => {
    if (revoke.isPending) return;
    revoke.reset();
    onClose();
  };
  return (
    <Dialog
      open={apiKey !== null}
      onDismiss={close}
      title="Revoke API key?"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={revoke.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={revoke.isPending}
            onClick={() =>
              apiKey &&
              revoke.mutate(apiKey.id, {
                onSuccess: (k) => {
                  revoke.reset();
                  onRevoked(k);
                },
              })
            }
          >
            {revoke.isPending ? "Revoking…" : "Revoke key"}
          </Button>
        </>
      }
    >
      {apiKey && (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            <strong className="font-medium text-slate-900">{apiKey.name}</strong>{" "}
            <code className="rounded bg-slate-100 px-1 font-mono text-[13px]">{apiKey.prefix}…</code> will
            stop working within seconds. Every request that uses it will get{" "}
            <code className="rounded bg-slate-100 px-1">401 Invalid API key</code>.
          </p>
          <p>This cannot be undone. The key stays in the list, marked revoked, for your records.</p>
          {revoke.isError && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
              {revoke.error.message}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
