"use client";

import { describeUserAgent } from "@/lib/platform/util/user-agent";
import { useRevokeSessionMutation, useSessionsQuery } from "../hooks/useSessionsQuery";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";
import { Ago } from "../ui/Ago";
import { formatDateTime } from "../ui/format";
import { ErrorState, Skeleton } from "../ui/States";

/** Active sessions (device, IP, last seen) with revoke, and "sign out everywhere". */
export function SessionsCard() {
  const sessions = useSessionsQuery();
  const revoke = useRevokeSessionMutation();

  // A full page load after ending this browser's own session: it drops every cached query.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  const toSignIn = () => window.location.assign("/signin");
  // Both sign someone out at once, so they ask first (session revoke had no confirmation).
  const revokeOne = (id: string, current: boolean, what: string) => {
    const question = current
      ? "Revoke this browser's session? You will be signed out here."
      : `Revoke the session of ${what}? It is signed out at once.`;
    if (window.confirm(question)) revoke.mutate(id, { onSuccess: () => current && toSignIn() });
  };
  const revokeAll = () => {
    if (window.confirm("Sign out everywhere, this browser included?"))
      revoke.mutate(null, { onSuccess: toSignIn });
  };

  return (
    <Card>
      <CardHeader
        title="Active sessions"
        description="Browsers signed in to your account. Revoking one signs it out at once."
        action={
          <Button variant="danger" size="sm" onClick={revokeAll} disabled={revoke.isPending}>
            Sign out everywhere
          </Button>
        }
      />
      {sessions.isPending ? (
        <div className="space-y-3 px-5 py-4" aria-busy="true" aria-label="Loading sessions">
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-4 w-48" />
        </div>
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => sessions.refetch()} what="your sessions" />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Active sessions">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {describeUserAgent(s.userAgent)}
                  {s.current && <Badge tone="green">This browser</Badge>}
                </p>
                <p className="mt-0.5 text-sm text-slate-600">
                  {s.ip ?? "Unknown address"} · last seen <Ago iso={s.lastSeenAt} /> · signed in{" "}
                  {formatDateTime(s.createdAt)}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => revokeOne(s.id, s.current, describeUserAgent(s.userAgent))}
                disabled={revoke.isPending}
                aria-label={`Revoke session: ${describeUserAgent(s.userAgent)}${s.current ? " (this browser)" : ""}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      {revoke.isError && (
        <p role="alert" className="mx-5 mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {revoke.error.message}
        </p>
      )}
    </Card>
  );
}
