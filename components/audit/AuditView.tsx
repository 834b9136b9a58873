"use client";

import Link from "next/link";
import { useState } from "react";
import { AUDIT_CATEGORIES, AUDIT_CATEGORY_NAMES, type AuditCategory } from "@/lib/audit/labels";
import type { AuditView as AuditEvent } from "@/lib/audit/views";
import { useHydrating, useNow } from "../clock";
import { useAuditQuery } from "../hooks/useAuditQuery";
import { hrefInWorkspace, useWorkspaceId } from "../hooks/useEnvironment";
import { Badge } from "../ui/Badge";
import { Button, focusRing } from "../ui/Button";
import { Card, PageHeader } from "../ui/Card";
import { formatLocalDateTime, formatRelative } from "../ui/format";
import { DownloadIcon, ListIcon } from "../ui/icons";
import { EmptyState, ErrorState, RoleNotice, Skeleton } from "../ui/States";
import { useCan, useRole } from "../workspace";
import { AuditTarget, describeAction } from "./actions";
import { describeUserAgent } from "@/lib/platform/util/user-agent";

// Four columns (origin under the actor) fit 1280 px with the sidebar; below 1024 px each event is a
// stacked card. The old six-column table (880 px minimum) hid IP and Client at 1280, 768 and 390.
const th = "px-5 py-2.5 text-left text-xs font-medium uppercase tracking-wide text-slate-500";
const td = "px-5 py-3 align-top text-sm";
const select = `h-9 rounded-md border border-slate-300 bg-white pl-3 pr-8 text-sm text-slate-800 shadow-sm ${focusRing}`;

function When({ iso }: { iso: string }) {
  const now = useNow();
  // The server does not know the viewer's zone: UTC until hydrated (components/ui/format.ts).
  const hydrating = useHydrating();
  return (
    <>
      <time dateTime={iso} className="text-slate-800">
        {formatLocalDateTime(iso, hydrating)}
      </time>
      <div className="text-xs text-slate-600">{formatRelative(iso, now)}</div>
    </>
  );
}

function Actor({ e }: { e: AuditEvent }) {
  return (
    <>
      <div className="text-slate-800 [overflow-wrap:anywhere]">
        {e.actor?.email ?? (
          <span className="text-slate-600">{e.ip === "admin-cli" ? "Admin CLI" : "System"}</span>
        )}
      </div>
      <div className="text-xs text-slate-600 [overflow-wrap:anywhere]" title={e.userAgent ?? undefined}>
        {e.ip && e.ip !== "admin-cli" ? <span className="font-mono">{e.ip}</span> : null}
        {e.ip && e.ip !== "admin-cli" && e.userAgent ? " · " : null}
        {e.userAgent ? describeUserAgent(e.userAgent) : null}
      </div>
    </>
  );
}

const DESCRIPTION =
  "Every change to your keys, webhooks, sessions and security settings, and every agent handoff: who did it, when (your local time) and from where.";

/** The audit log, or for a role that may not read it (developer, viewer) why not: no query, no export. */
export function AuditView() {
  const role = useRole();
  const workspace = useWorkspaceId();
  if (useCan("audit.read")) return <AuditLog />;
  return (
    <>
      <PageHeader title="Audit log" description={DESCRIPTION} />
      <Card>
        <RoleNotice role={role} what="read its audit log" who="Admins and owners">
          Ask one of them (listed on{" "}
          <Link
            prefetch={false}
            href={hrefInWorkspace("/dashboard/members", workspace)}
            className="font-medium text-emerald-800 underline"
          >
            Members
          </Link>
          ) when you need to know who changed something.
        </RoleNotice>
      </Card>
    </>
  );
}

function AuditLog() {
  const [category, setCategory] = useState<AuditCategory | "">("");
  const workspace = useWorkspaceId();
  const audit = useAuditQuery(category);
  const events = audit.data?.pages.flatMap((p) => p.items) ?? [];
  const exportHref = hrefInWorkspace(
    `/api/dashboard/audit/export${category ? `?category=${category}` : ""}`,
    workspace,
  );

  return (
    <>
      <PageHeader
        title="Audit log"
        description={DESCRIPTION}
        action={
          <a
            href={exportHref}
            download
            className={`inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 ${focusRing}`}
          >
            <DownloadIcon width={16} height={16} /> Export CSV
          </a>
        }
      />
      <div className="mb-4">
        <label className="flex w-full max-w-xs flex-col gap-1 text-xs font-medium text-slate-600">
          Show
          <select
            className={select}
            value={category}
            onChange={(e) => setCategory(e.target.value as AuditCategory | "")}
          >
            <option value="">All events</option>
            {AUDIT_CATEGORY_NAMES.map((c) => (
              <option key={c} value={c}>
                {AUDIT_CATEGORIES[c].label}
              </option>
            ))}
          </select>
        </label>
      </div>
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
            {category
              ? "No events of this kind yet."
              : "When you or a teammate create or revoke a key, or approve an agent’s request for one, it is recorded here."}
          </EmptyState>
        ) : (
          <>
            <table className="hidden w-full lg:table">
              <caption className="sr-only">Audit events, newest first</caption>
              <thead className="border-b border-slate-100 bg-slate-50/70">
                <tr>
                  <th scope="col" className={`${th} w-52`}>
                    Time
                  </th>
                  <th scope="col" className={th}>
                    Event
                  </th>
                  <th scope="col" className={th}>
                    Target
                  </th>
                  <th scope="col" className={th}>
                    By, from
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {events.map((e) => {
                  const action = describeAction(e.action);
                  return (
                    <tr key={e.id}>
                      <td className={td}>
                        <When iso={e.createdAt} />
                      </td>
                      <td className={td}>
                        <Badge tone={action.tone}>{action.label}</Badge>
                      </td>
                      <td className={`${td} min-w-0`}>
                        <AuditTarget detail={e.detail || e.targetType} />
                      </td>
                      <td className={`${td} min-w-0`}>
                        <Actor e={e} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <ul className="divide-y divide-slate-100 lg:hidden" aria-label="Audit events, newest first">
              {events.map((e) => {
                const action = describeAction(e.action);
                return (
                  <li key={e.id} className="space-y-2 px-4 py-3 text-sm sm:px-5">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Badge tone={action.tone}>{action.label}</Badge>
                      <span className="text-right text-xs">
                        <When iso={e.createdAt} />
                      </span>
                    </div>
                    <AuditTarget detail={e.detail || e.targetType} />
                    <Actor e={e} />
                  </li>
                );
              })}
            </ul>
          </>
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
