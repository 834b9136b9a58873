import type { AccountDetail } from "@/lib/operator/store/accounts";
import type { AuditPage } from "@/lib/audit/views";
import type { RequestLogView } from "@/lib/requestlog/query";
import { auditLabel } from "@/lib/audit/labels";
import { Badge, EnvironmentBadge } from "../ui/Badge";
import { Card, CardHeader } from "../ui/Card";
import { formatDateTime, formatPreciseTime } from "../ui/format";

const empty = (what: string) => <p className="px-5 py-6 text-center text-sm text-slate-500">{what}</p>;

function keyStatus(k: AccountDetail["apiKeys"][number]) {
  if (k.revokedAt) return <Badge tone="gray">Revoked</Badge>;
  if (k.disabledAt) return <Badge tone="amber">Disabled</Badge>;
  if (k.expiresAt && k.expiresAt.getTime() <= Date.now()) return <Badge tone="gray">Expired</Badge>;
  return <Badge tone="green">Active</Badge>;
}

/** Key metadata only: name, prefix, environment, dates, status. Never a secret or its hash. */
export function AccountKeys({ keys }: { keys: AccountDetail["apiKeys"] }) {
  return (
    <Card>
      <CardHeader
        title="API keys"
        description={`${keys.length} key${keys.length === 1 ? "" : "s"}, newest first`}
      />
      {keys.length === 0 ? (
        empty("No keys.")
      ) : (
        <ul aria-label="API keys" className="divide-y divide-slate-100">
          {keys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 text-sm">
              {/* A 14rem basis: with flex-1 (basis 0) a long name was squeezed to one word a line
                  beside the badges in the page's narrow column; now the badges wrap instead. */}
              <span className="w-full min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere] sm:w-auto sm:flex-[1_1_14rem]">
                {k.name}
              </span>
              <code className="font-mono text-xs text-slate-600">{k.prefix}…</code>
              <EnvironmentBadge environment={k.environment} />
              {keyStatus(k)}
              <span className="w-full text-slate-500 sm:w-auto">
                last used {k.lastUsedAt ? formatDateTime(k.lastUsedAt.toISOString()) : "never"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The account's newest logged requests. */
export function AccountRequests({ items }: { items: RequestLogView[] }) {
  return (
    <Card>
      <CardHeader title="Request log" description="The newest 20 requests" />
      {items.length === 0 ? (
        empty("No requests logged.")
      ) : (
        <ul aria-label="Requests" className="divide-y divide-slate-100 font-mono text-xs">
          {items.map((r) => (
            <li key={r.requestId} className="flex flex-wrap gap-x-3 gap-y-0.5 px-5 py-2">
              <span className="text-slate-500">{formatPreciseTime(r.at)}</span>
              <span className={r.status >= 400 ? "text-red-700" : "text-emerald-800"}>{r.status}</span>
              <span className="min-w-0 break-all text-slate-800">
                {r.method} {r.path}
              </span>
              <span className="text-slate-500">{r.keyPrefix ?? "no key"}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The account's audit trail, operator actions included (the operator is the actor). */
export function AccountAudit({ page }: { page: AuditPage }) {
  return (
    <Card>
      <CardHeader title="Audit trail" description="The newest 20 events" />
      {page.items.length === 0 ? (
        empty("No events.")
      ) : (
        <ul aria-label="Audit events" className="divide-y divide-slate-100 text-sm">
          {page.items.map((e) => (
            <li key={e.id} className="px-5 py-2">
              <p className="flex flex-wrap gap-x-3">
                <span className="font-medium text-slate-900">{auditLabel(e.action)}</span>
                <span className="text-slate-500">{formatDateTime(e.createdAt)}</span>
                <span className="text-slate-500">{e.actor?.email ?? "system"}</span>
              </p>
              {e.detail && <p className="break-words text-slate-600">{e.detail}</p>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
