"use client";

import { useAuditQuery } from "../hooks/useAuditQuery";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { Card, PageHeader } from "../ui/Card";
import { formatDateTime, formatRelative } from "../ui/format";
import { ListIcon } from "../ui/icons";
import { EmptyState, ErrorState, Skeleton } from "../ui/States";
import { AuditTarget, describeAction } from "./actions";
import { describeUserAgent } from "./userAgent";

const th =
  "whitespace-nowrap px-5 py-2.5 text-left text-xs font-medium uppercase tracking-wide text-slate-500";
const td = "px-5 py-3 align-top text-sm";

export function AuditView() {
  const audit = useAuditQuery();
  const events = audit.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every key creation and revocation and every agent handoff on your account, with who did it, when and from where."
      />
      <Card>
        {audit.isPending ? (
          <div className="divide-y divide-slate-100" aria-busy="true" aria-label="Loading audit log">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="flex gap-6 px-5 py-4">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-4 w-56" />
              </div>
            ))}
          </div>
        ) : audit.isError ? (
          <ErrorState error={audit.error} onRetry={() => audit.refetch()} what="the audit log" />
        ) : events.length === 0 ? (
          <EmptyState icon={<ListIcon width={22} height={22} />} title="Nothing recorded yet">
            When you or a teammate create or revoke a key, or approve an agent’s request for one, it is
            recorded here.
          </EmptyState>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Audit events">
            <table className="w-full min-w-[880px]">
              <caption className="sr-only">Audit events, newest first</caption>
              <thead className="border-b border-slate-100 bg-slate-50/70">
                <tr>
                  <th scope="col" className={th}>
                    Time
                  </th>
                  <th scope="col" className={th}>
                    Actor
                  </th>
                  <th scope="col" className={th}>
                    Action
                  </th>
                  <th scope="col" className={th}>
                    Target
                  </th>
                  <th scope="col" className={th}>
                    IP address
                  </th>
                  <th scope="col" className={th}>
                    Client
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {events.map((e) => {
                  const action = describeAction(e.action);
                  return (
                    <tr key={e.id}>
                      <td className={td}>
                        <time dateTime={e.createdAt} className="whitespace-nowrap text-slate-800">
                          {formatDateTime(e.createdAt)}
                        </time>
                        <div className="text-xs text-slate-500">{formatRelative(e.createdAt)}</div>
                      </td>
                      <td className={`${td} max-w-56 truncate text-slate-800`} title={e.actor?.email}>
                        {e.actor?.email ?? (
                          <span className="text-slate-500">
                            {e.ip === "admin-cli" ? "Admin CLI" : "System"}
                          </span>
                        )}
                      </td>
                      <td className={td}>
                        <Badge tone={action.tone}>{action.label}</Badge>
                      </td>
                      <td className={td}>
                        <AuditTarget detail={e.detail || e.targetId} />
                      </td>
                      <td className={`${td} whitespace-nowrap font-mono text-[13px] text-slate-600`}>
                        {e.ip ?? "—"}
                      </td>
                      <td className={`${td} text-slate-600`} title={e.userAgent ?? undefined}>
                        {describeUserAgent(e.userAgent)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {audit.hasNextPage && (
          <div className="border-t border-slate-100 px-5 py-3 text-center">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => audit.fetchNextPage()}
              disabled={audit.isFetchingNextPage}
            >
              {audit.isFetchingNextPage ? "Loading…" : "Load older events"}
            </Button>
          </div>
        )}
      </Card>
    </>
  );
}
