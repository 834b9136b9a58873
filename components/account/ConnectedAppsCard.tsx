"use client";

import { useState } from "react";
import type { ConnectedAppView } from "@/lib/oauth/connected";
import { useConnectedAppsQuery, useRevokeConnectedAppMutation } from "../hooks/useConnectedAppsQuery";
import { EnvironmentBadge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";
import { Dialog } from "../ui/Dialog";
import { Ago } from "../ui/Ago";
import { formatDateTime } from "../ui/format";
import { ErrorState, Skeleton } from "../ui/States";

/** Apps connected over OAuth (remote MCP clients): scopes, last use, and Revoke (asks in a dialog). */
export function ConnectedAppsCard() {
  const apps = useConnectedAppsQuery();
  const revoke = useRevokeConnectedAppMutation();
  const [revoking, setRevoking] = useState<ConnectedAppView | null>(null);
  const close = () => {
    if (revoke.isPending) return;
    revoke.reset();
    setRevoking(null);
  };

  return (
    <Card>
      <CardHeader
        title="Connected apps"
        description="MCP clients you approved over OAuth. Each reads as its own API key; disconnecting one revokes it at once."
      />
      {apps.isPending ? (
        <div className="space-y-3 px-5 py-4" aria-busy="true" aria-label="Loading connected apps">
          <Skeleton className="h-4 w-64" />
        </div>
      ) : apps.isError ? (
        <ErrorState error={apps.error} onRetry={() => apps.refetch()} what="your connected apps" />
      ) : apps.data.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600">
          No apps connected. Add <code>/mcp</code> of this server to an MCP client to connect one.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Connected apps">
          {apps.data.map((a) => (
            <li
              key={a.id}
              className="flex flex-wrap items-center justify-between gap-3 px-5 py-3"
              data-testid="connected-app"
            >
              <div className="min-w-0 [overflow-wrap:anywhere]">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {a.clientName}
                  <EnvironmentBadge environment={a.environment} />
                </p>
                <p className="mt-0.5 text-sm text-slate-600">
                  Returns to <span className="font-mono">{a.redirectHost}</span>
                  {a.keyPrefix ? (
                    <>
                      {" "}
                      · key <span className="font-mono">{a.keyPrefix}…</span>
                    </>
                  ) : null}
                </p>
                <p className="mt-0.5 text-sm text-slate-600">Scopes: {a.scopes.join(", ")}</p>
                <p className="mt-0.5 text-sm text-slate-600">
                  {a.lastUsedAt ? (
                    <>
                      last used <Ago iso={a.lastUsedAt} />
                    </>
                  ) : (
                    "never used"
                  )}{" "}
                  · connected {formatDateTime(a.connectedAt)}
                  {a.expiresAt ? ` · expires ${formatDateTime(a.expiresAt)}` : ""}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setRevoking(a)}
                aria-label={`Revoke connected app: ${a.clientName}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={revoking !== null}
        onDismiss={close}
        title="Disconnect app?"
        description={
          <span className="[overflow-wrap:anywhere]">
            {revoking?.clientName}: its key is revoked, its next call is refused, and it has to ask for access
            again.
          </span>
        }
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={revoke.isPending}
              onClick={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
            >
              {revoke.isPending ? "Disconnecting…" : "Disconnect"}
            </Button>
          </>
        }
      >
        {revoke.isError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {revoke.error.message}
          </p>
        ) : (
          <p className="text-sm text-slate-700">Other apps and your own API keys keep working.</p>
        )}
      </Dialog>
    </Card>
  );
}
