"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import type { KeyView } from "@/lib/keys/views";
import type { RequestLogView } from "@/lib/requestlog/query";
import type { UsageRange } from "@/lib/usage/report";
import { useDashboardHref } from "../hooks/useEnvironment";
import { KEY_LOG_ROWS, keyLogFilters } from "../hooks/queries";
import { useLogsQuery } from "../hooks/useLogsQuery";
import { useUsageQuery } from "../hooks/useUsageQuery";
import { LogTable } from "../logs/LogTable";
import { Ago } from "../ui/Ago";
import { Card, CardHeader } from "../ui/Card";
import { formatDateTime, formatNumber, formatPercent } from "../ui/format";
import { OnceOpened } from "../ui/OnceOpened";
import { Stat } from "../ui/Stat";
import { ErrorState, Skeleton } from "../ui/States";
import { RequestsChart, UnitsChart } from "../usage/UsageCharts";
import { UsageFilters } from "../usage/UsageFilters";

// The request drawer (the log detail) is fetched when a row is first opened, as on Logs.
const LogDrawer = dynamic(() => import("../logs/LogDrawer").then((m) => m.LogDrawer), { ssr: false });

const RANGE_TEXT: Record<UsageRange, string> = {
  "24h": "last 24 hours",
  "7d": "last 7 days",
  "30d": "last 30 days",
};

const Loading = () => (
  <div className="space-y-3 px-5 py-6">
    <Skeleton className="h-4 w-64" />
    <Skeleton className="h-40 w-full" />
  </div>
);

const Setting = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="grid gap-1 px-5 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
    <dt className="text-sm text-slate-600">{label}</dt>
    <dd className="min-w-0 text-sm text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
  </div>
);

/** Everything the key model holds, read-only; Edit (when the role allows) changes it. */
export function KeySettings({ k }: { k: KeyView }) {
  return (
    <Card>
      <CardHeader title="Settings" description="What this key may do, and since when." />
      <dl className="divide-y divide-slate-100">
        <Setting label="Name">{k.name}</Setting>
        <Setting label="Key">
          <code className="font-mono text-[13px]">{k.prefix}…</code> ({k.environment})
        </Setting>
        <Setting label="Created">
          {formatDateTime(k.createdAt)}
          {k.createdBy && <> by {k.createdBy.email}</>}
          {k.source !== "dashboard" && <> via {k.source === "cli" ? "admin CLI" : "agent handoff"}</>}
        </Setting>
        <Setting label="Last used">{k.lastUsedAt ? <Ago iso={k.lastUsedAt} /> : "Never used"}</Setting>
        <Setting label="Expires">{k.expiresAt ? formatDateTime(k.expiresAt) : "Never"}</Setting>
        <Setting label="Scopes">{k.restricted ? k.scopes.join(", ") : "Every scope"}</Setting>
        <Setting label="IP allowlist">
          {k.allowedIps.length ? k.allowedIps.join(", ") : "Any address"}
        </Setting>
        <Setting label="Rate limit">
          {k.rateLimit ? `${formatNumber(k.rateLimit)} requests/min` : "The plan's"}
        </Setting>
        <Setting label="Monthly unit cap">
          {k.unitCap ? `${formatNumber(k.unitCap)} units` : "Only the workspace's quota"}
        </Setting>
        {k.note && <Setting label="Note">{k.note}</Setting>}
        {k.rolledFrom && <Setting label="Rolled from">{k.rolledFrom}…</Setting>}
        {k.rolledTo && <Setting label="Rolled to">{k.rolledTo}…</Setting>}
        {k.disabledAt && <Setting label="Disabled">{formatDateTime(k.disabledAt)}</Setting>}
        {k.revokedAt && (
          <Setting label="Revoked">
            {formatDateTime(k.revokedAt)}
            {k.revokedBy && <> by {k.revokedBy.email}</>}
          </Setting>
        )}
      </dl>
    </Card>
  );
}

/** The key's requests over time, stacked by outcome (2xx, 4xx, 429, …), and its units. */
export function KeyUsage({ k }: { k: KeyView }) {
  const [range, setRange] = useState<UsageRange>("24h");
  const usage = useUsageQuery({ range, keyId: k.id, environment: "" });
  const report = usage.data;
  const href = useDashboardHref();
  const logs = (status: string) =>
    href(`/dashboard/logs?key=${encodeURIComponent(k.prefix)}&status=${status}&range=all`);
  return (
    <section aria-labelledby="key-usage" className="space-y-4">
      <h2 id="key-usage" className="text-base font-semibold text-slate-900">
        Usage and outcomes
      </h2>
      <UsageFilters value={{ range, keyId: k.id, environment: "" }} onChange={(f) => setRange(f.range)} />
      {usage.isPending ? (
        <Card>
          <Loading />
        </Card>
      ) : !report ? (
        <Card>
          <ErrorState error={usage.error} onRetry={() => usage.refetch()} what="this key's usage" />
        </Card>
      ) : (
        <div className={`space-y-4 transition-opacity ${usage.isPlaceholderData ? "opacity-60" : ""}`}>
          <dl
            className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
            aria-label={`Totals for the ${RANGE_TEXT[range]}`}
          >
            <Stat label="Requests" value={formatNumber(report.totals.requests)} hint={RANGE_TEXT[range]} />
            <Stat
              label="Succeeded (2xx)"
              value={formatNumber(report.totals["2xx"])}
              hint={`${formatPercent(report.totals["2xx"], report.totals.requests)} of requests`}
            />
            <Stat
              label="Client errors (4xx)"
              value={formatNumber(report.totals["4xx"])}
              hint={`${formatPercent(report.totals["4xx"], report.totals.requests)} of requests`}
              href={logs("4xx")}
            />
            <Stat
              label="Rate limited (429)"
              value={formatNumber(report.totals["429"])}
              hint={`${formatPercent(report.totals["429"], report.totals.requests)} of requests`}
              href={logs("429")}
            />
          </dl>
          <Card>
            <CardHeader
              title="Requests by outcome"
              description={`Per UTC ${report.granularity}, stacked by status class.`}
            />
            <div className="px-3 pb-3 pt-4 sm:px-5">
              {report.totals.requests === 0 ? (
                <p className="py-16 text-center text-sm text-slate-600">
                  No requests with this key in the {RANGE_TEXT[range]}.
                </p>
              ) : (
                <RequestsChart report={report} />
              )}
            </div>
          </Card>
          <Card>
            <CardHeader title="Units" description={`Units charged per UTC ${report.granularity}.`} />
            <div className="px-3 pb-3 pt-4 sm:px-5">
              <UnitsChart report={report} />
            </div>
          </Card>
        </div>
      )}
    </section>
  );
}

/** The key's last requests from the request log; Details opens each one's log entry. */
export function KeyRequests({ k }: { k: KeyView }) {
  const logs = useLogsQuery(keyLogFilters(k), KEY_LOG_ROWS);
  const [open, setOpen] = useState<RequestLogView | null>(null);
  const href = useDashboardHref();
  const rows = logs.data?.pages[0]?.items ?? [];
  return (
    <Card>
      <CardHeader
        title="Last requests"
        description={`The ${KEY_LOG_ROWS} newest requests made with this key.`}
        action={
          <Link
            href={href(`/dashboard/logs?key=${encodeURIComponent(k.prefix)}&range=all`)}
            className="text-sm font-medium text-emerald-700 underline-offset-2 hover:underline"
          >
            All in Logs
          </Link>
        }
      />
      {logs.isPending ? (
        <Loading />
      ) : logs.isError && !logs.data ? (
        <ErrorState error={logs.error} onRetry={() => logs.refetch()} what="this key's requests" />
      ) : rows.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-600">No request with this key yet.</p>
      ) : (
        <LogTable rows={rows} onOpen={setOpen} />
      )}
      <OnceOpened open={open !== null}>
        <LogDrawer row={open} onClose={() => setOpen(null)} />
      </OnceOpened>
    </Card>
  );
}
