"use client";

import Link from "next/link";
import { describeAction } from "../audit/actions";
import { useAuditQuery } from "../hooks/useAuditQuery";
import { hrefInWorkspace, useWorkspaceId } from "../hooks/useEnvironment";
import { Ago } from "../ui/Ago";
import { Skeleton } from "../ui/States";

const TONE_DOT = {
  green: "bg-emerald-500",
  red: "bg-red-500",
  blue: "bg-sky-500",
  amber: "bg-amber-500",
  violet: "bg-violet-500",
  gray: "bg-slate-400",
};

/** The last few audit events, newest first, with a link to the full log. */
export function RecentActivity() {
  const audit = useAuditQuery("", 5);
  const workspace = useWorkspaceId();
  const events = audit.data?.pages[0]?.items ?? [];
  if (audit.isPending) return <Skeleton className="h-24" />;
  if (audit.isError) return <p className="text-sm text-slate-500">Activity could not be loaded.</p>;
  return (
    <div>
      {events.length === 0 ? (
        <p className="text-sm text-slate-500">No activity yet. Creating or revoking a key shows up here.</p>
      ) : (
        <ul className="space-y-3">
          {events.map((e) => {
            const action = describeAction(e.action);
            return (
              <li key={e.id} className="flex gap-3 text-sm">
                <span
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${TONE_DOT[action.tone]}`}
                  aria-hidden="true"
                />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{action.label}</p>
                  <p className="truncate text-slate-600" title={e.detail}>
                    {e.detail}
                  </p>
                  <p className="text-xs text-slate-500">
                    <Ago iso={e.createdAt} />
                    {e.actor ? ` · ${e.actor.email}` : ""}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Link
        href={hrefInWorkspace("/dashboard/audit", workspace)}
        className="mt-4 inline-block text-sm font-medium text-emerald-700 hover:underline"
      >
        View audit log →
      </Link>
    </div>
  );
}
