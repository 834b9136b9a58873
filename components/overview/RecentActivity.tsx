"use client";

import Link from "next/link";
import { useAuditQuery } from "../hooks/useAuditQuery";
import { formatDateTime, formatRelative } from "../ui/format";
import { Skeleton } from "../ui/States";

const VERBS: Record<string, string> = {
  "key.created": "created",
  "key.revoked": "revoked",
  "handoff.approved": "approved an agent handoff for",
  "handoff.denied": "denied an agent handoff for",
  "handoff.exchanged": "agent received",
};

function Target({ detail }: { detail: string }) {
  const prefix = /^sk_(?:live|test)_[0-9A-Za-z]{8}/.exec(detail)?.[0];
  return prefix ? <code className="font-mono text-[13px] text-slate-800">{prefix}…</code> : <span>{detail}</span>;
}

/** The last few audit events, newest first, with a link to the full log. */
export function RecentActivity() {
  const audit = useAuditQuery(5);
  const events = audit.data?.pages[0]?.items ?? [];
  if (audit.isPending) return <Skeleton className="h-24" />;
  if (audit.isError) return <p className="text-sm text-slate-500">Activity could not be loaded.</p>;
  return (
    <div>
      {events.length === 0 ? (
        <p className="text-sm text-slate-500">No activity yet. Creating or revoking a key shows up here.</p>
      ) : (
        <ul className="space-y-3">
          {events.map((e) => (
            <li key={e.id} className="text-sm">
              <p className="text-slate-700">
                <span className="font-medium text-slate-900">{e.actor?.email.split("@")[0] ?? "System"}</span> {VERBS[e.action] ?? e.action}{" "}
                <Target detail={e.detail} />
              </p>
              <time dateTime={e.createdAt} title={formatDateTime(e.createdAt)} className="text-xs text-slate-500">
                {formatRelative(e.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <Link href="/dashboard/audit" className="mt-4 inline-block text-sm font-medium text-emerald-700 hover:underline">
        View audit log →
      </Link>
    </div>
  );
}
