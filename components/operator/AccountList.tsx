import Link from "next/link";
import type { AccountList as List } from "@/lib/operator/accounts";
import { Badge } from "../ui/Badge";
import { focusRing } from "../ui/Button";
import { formatDateTime, formatNumber } from "../ui/format";

/** Deleted (a workspace deleted by its owner), else suspended, else active. */
export function StatusBadge({
  account,
}: {
  account: { deletedAt: Date | string | null; suspendedAt: Date | string | null };
}) {
  if (account.deletedAt) return <Badge tone="gray">Deleted</Badge>;
  return account.suspendedAt ? <Badge tone="red">Suspended</Badge> : <Badge tone="green">Active</Badge>;
}

const pageHref = (q: string, page: number) =>
  `/operator?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) }).toString()}`;

/** One page of accounts: a row each, columns on wide screens, stacked on phones. */
export function AccountList({ list, q }: { list: List; q: string }) {
  if (list.items.length === 0)
    return <p className="px-5 py-8 text-center text-sm text-slate-500">No accounts match.</p>;
  return (
    <>
      <div
        aria-hidden="true"
        className="hidden grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_4rem_minmax(0,1.3fr)] gap-4 border-b border-slate-100 px-5 py-2 text-xs font-medium uppercase tracking-wide text-slate-500 md:grid"
      >
        <span>Account</span>
        <span>Plan / status</span>
        <span className="text-right">Units this month</span>
        <span className="text-right">Keys</span>
        <span>Last request</span>
      </div>
      <ul aria-label="Accounts" className="divide-y divide-slate-100">
        {list.items.map((a) => (
          <li
            key={a.id}
            className="grid grid-cols-2 gap-x-4 gap-y-1 px-5 py-3 text-sm md:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_4rem_minmax(0,1.3fr)] md:items-center"
          >
            <div className="col-span-2 min-w-0 md:col-span-1">
              <Link
                href={`/operator/accounts/${a.id}`}
                className={`block font-medium [overflow-wrap:anywhere] hover:underline ${focusRing} ${a.deletedAt ? "text-slate-600 line-through" : "text-emerald-800"}`}
              >
                {a.name}
              </Link>
              <p className="break-all text-slate-500">{a.emails.join(", ") || "no members"}</p>
            </div>
            <div className="flex flex-wrap items-center gap-1.5">
              <Badge tone="blue">{a.planLabel}</Badge>
              <StatusBadge account={a} />
              {a.operator && <Badge tone="violet">Operator</Badge>}
            </div>
            <p className="text-right tabular-nums text-slate-700">
              <span className="text-slate-500 md:hidden">Units </span>
              {formatNumber(a.unitsThisMonth)}
            </p>
            <p className="tabular-nums text-slate-700 md:text-right">
              <span className="text-slate-500 md:hidden">Keys </span>
              {a.keys}
            </p>
            <p className="text-right text-slate-600 md:text-left">
              {a.lastRequestAt ? formatDateTime(a.lastRequestAt) : "never"}
            </p>
          </li>
        ))}
      </ul>
      <nav
        aria-label="Pages"
        className="flex items-center justify-between border-t border-slate-100 px-5 py-3 text-sm"
      >
        <span className="text-slate-600">
          Page {list.page} of {list.pages} · {formatNumber(list.total)} accounts
        </span>
        <span className="flex gap-2">
          {list.page > 1 && (
            <Link
              className={`rounded-md border border-slate-300 px-3 py-1.5 ${focusRing}`}
              href={pageHref(q, list.page - 1)}
            >
              Previous
            </Link>
          )}
          {list.page < list.pages && (
            <Link
              className={`rounded-md border border-slate-300 px-3 py-1.5 ${focusRing}`}
              href={pageHref(q, list.page + 1)}
            >
              Next
            </Link>
          )}
        </span>
      </nav>
    </>
  );
}
