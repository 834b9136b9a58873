"use client";

import Link from "next/link";
import { useAlertsQuery, useMarkReadMutation } from "../hooks/useAlertsQuery";
import { hrefInWorkspace, useWorkspaceId } from "../hooks/useEnvironment";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { Card, CardHeader, PageHeader } from "../ui/Card";
import { Ago } from "../ui/Ago";
import { BellIcon } from "../ui/icons";
import { EmptyState, ErrorState, Skeleton } from "../ui/States";
import { useCan } from "../workspace";

/** The account's alerts, newest first: unread ones marked, each readable on its own or all at once. */
export function AlertsView() {
  const alerts = useAlertsQuery();
  const workspace = useWorkspaceId();
  const mark = useMarkReadMutation();
  // Read state is shared by the workspace: only owners and admins change it (alerts.manage).
  const mayMark = useCan("alerts.manage");
  const unread = alerts.data?.unread ?? 0;
  return (
    <>
      <PageHeader
        title="Alerts"
        description={
          <>
            Quota, key expiry, leaked keys and disabled webhooks. Choose email and webhook delivery per type
            on the{" "}
            <Link
              href={hrefInWorkspace("/dashboard/account#alert-settings", workspace)}
              className="font-medium text-emerald-800 underline"
            >
              Account
            </Link>{" "}
            page.
          </>
        }
      />
      <Card>
        <CardHeader
          title={unread ? `${unread} unread` : "All read"}
          action={
            mayMark ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => mark.mutate("all")}
                disabled={!unread || mark.isPending}
              >
                Mark all read
              </Button>
            ) : undefined
          }
        />
        {alerts.isPending ? (
          <div className="space-y-3 px-5 py-4" aria-busy="true" aria-label="Loading alerts">
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-4 w-48" />
          </div>
        ) : alerts.isError ? (
          <ErrorState error={alerts.error} onRetry={() => alerts.refetch()} what="your alerts" />
        ) : alerts.data.items.length === 0 ? (
          <EmptyState icon={<BellIcon />} title="No alerts">
            You are told here when a quota runs low, a key expires or leaks, or a webhook endpoint is
            disabled.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Alerts">
            {alerts.data.items.map((a) => (
              <li
                key={a.id}
                className={`flex flex-wrap items-start justify-between gap-3 px-5 py-4 ${a.read ? "" : "bg-emerald-50/40"}`}
              >
                <div className="min-w-0 flex-1 basis-72">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
                    {!a.read && <Badge tone="green">New</Badge>}
                    {a.title}
                  </p>
                  <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">{a.message}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    <code className="font-mono">{a.type}</code> · <Ago iso={a.createdAt} />
                  </p>
                </div>
                {!a.read && mayMark && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => mark.mutate([a.id])}
                    disabled={mark.isPending}
                    aria-label={`Mark read: ${a.title}`}
                  >
                    Mark read
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {mark.isError && (
          <p role="alert" className="mx-5 mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {mark.error.message}
          </p>
        )}
      </Card>
    </>
  );
}
