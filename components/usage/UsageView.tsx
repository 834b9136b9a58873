"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { hrefInWorkspace, useEnvironment, useWorkspaceId } from "../hooks/useEnvironment";
import { useNow } from "../clock";
import { useKeysQuery } from "../hooks/useKeysQuery";
import type { UsageFilters as Filters } from "../hooks/queries";
import { useUsageQuery } from "../hooks/useUsageQuery";
import { Card, CardHeader, PageHeader } from "../ui/Card";
import { formatNumber, formatPercent } from "../ui/format";
import { ChartIcon } from "../ui/icons";
import { Stat } from "../ui/Stat";
import { EmptyState, ErrorState, Skeleton } from "../ui/States";
import { PerKey, TopEndpoints } from "./Breakdowns";
import { QuotaMeter } from "./QuotaMeter";
import { RequestsChart, UnitsChart } from "./UsageCharts";
import { UsageFilters } from "./UsageFilters";

const RANGE_TEXT = { "24h": "last 24 hours", "7d": "last 7 days", "30d": "last 30 days" } as const;

function Loading() {
  return (
    <div aria-busy="true" aria-label="Loading usage" className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-[92px] rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}

export function UsageView({ initial }: { initial: Omit<Filters, "environment"> }) {
  const environment = useEnvironment();
  const workspace = useWorkspaceId();
  const router = useRouter();
  const [state, setState] = useState(initial);
  // The frame's test/live switch scopes the page (lib: ?env= in the URL).
  const filters: Filters = { ...state, environment };
  const usage = useUsageQuery(filters);
  const keys = useKeysQuery();
  const now = useNow();

  const update = (next: Filters) => {
    setState({ range: next.range, keyId: next.keyId });
    // Shareable, reload-proof filters without a server round trip.
    const params = new URLSearchParams();
    if (environment === "live") params.set("env", "live");
    if (next.range !== "24h") params.set("range", next.range);
    if (next.keyId) params.set("keyId", next.keyId);
    window.history.replaceState(null, "", `/dashboard/usage${params.size ? `?${params}` : ""}`);
  };

  /** The Logs page filtered to what a figure or a bar counts. */
  const logsHref = (opts: { status?: string; from?: string; to?: string }) => {
    const p = new URLSearchParams();
    if (environment === "live") p.set("env", "live");
    if (workspace) p.set("w", workspace);
    const key = keys.data?.find((k) => k.id === state.keyId);
    if (key) p.set("key", key.prefix);
    if (opts.status) p.set("status", opts.status);
    if (opts.from) p.set("from", opts.from);
    if (opts.to) p.set("to", opts.to);
    if (!opts.from && usage.data) {
      p.set("from", usage.data.from);
      p.set("to", usage.data.to);
    }
    return `/dashboard/logs?${p}`;
  };
  const openBucket = (start: string, statusClass: string) => {
    const step = usage.data?.granularity === "hour" ? 3_600_000 : 86_400_000;
    const to = new Date(new Date(start).getTime() + step).toISOString();
    router.push(logsHref({ status: statusClass, from: start, to }));
  };

  const report = usage.data;
  const filtered = Boolean(filters.keyId);
  const brandNew =
    report &&
    report.month.requests === 0 &&
    report.totals.requests === 0 &&
    !filtered &&
    keys.data?.length === 0;

  return (
    <>
      <PageHeader
        title="Usage"
        description="Requests and units metered per key. Buckets are UTC hours (24 hours) or UTC days (7 and 30 days); figures refresh every few seconds."
      />
      <UsageFilters value={filters} onChange={update} keys={keys.data ?? []} />

      {usage.isPending ? (
        <Loading />
      ) : usage.isError && !report ? (
        <Card>
          <ErrorState error={usage.error} onRetry={() => usage.refetch()} what="usage" />
        </Card>
      ) : brandNew ? (
        <Card>
          <EmptyState
            icon={<ChartIcon width={22} height={22} />}
            title="No API traffic yet"
            action={
              <Link
                href={hrefInWorkspace("/dashboard/keys", workspace)}
                className="inline-flex h-9 items-center rounded-md bg-emerald-700 px-4 text-sm font-medium text-white hover:bg-emerald-800"
              >
                Create an API key
              </Link>
            }
          >
            Usage appears here within a few seconds of your first request. Create a key, then call any{" "}
            <code className="rounded bg-slate-100 px-1">/v1</code> endpoint with it.
          </EmptyState>
        </Card>
      ) : report ? (
        <div className={`space-y-6 transition-opacity ${usage.isPlaceholderData ? "opacity-60" : ""}`}>
          <dl
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5"
            aria-label={`Totals for the ${RANGE_TEXT[report.range]}`}
          >
            <Stat
              label="Requests"
              value={formatNumber(report.totals.requests)}
              hint={RANGE_TEXT[report.range]}
            />
            <Stat label="Units" value={formatNumber(report.totals.units)} hint={RANGE_TEXT[report.range]} />
            <Stat
              label="Client errors (4xx)"
              value={formatNumber(report.totals["4xx"])}
              hint={`${formatPercent(report.totals["4xx"], report.totals.requests)} of requests`}
              href={logsHref({ status: "4xx" })}
            />
            <Stat
              label="Rate limited (429)"
              value={formatNumber(report.totals["429"])}
              hint={`${formatPercent(report.totals["429"], report.totals.requests)} of requests`}
              href={logsHref({ status: "429" })}
            />
            <Stat
              label="Server errors (5xx)"
              value={formatNumber(report.totals["5xx"])}
              hint={`${formatPercent(report.totals["5xx"], report.totals.requests)} of requests`}
              href={logsHref({ status: "5xx" })}
            />
          </dl>

          <Card>
            <CardHeader
              title="Requests"
              description={`Per UTC ${report.granularity === "hour" ? "hour" : "day"}, stacked by status class. Click a bar to see its requests.`}
              action={
                <Link
                  href={logsHref({})}
                  className="text-sm font-medium text-emerald-700 underline-offset-2 hover:underline"
                >
                  View in Logs
                </Link>
              }
            />
            <div className="px-3 pb-3 pt-4 sm:px-5">
              {report.totals.requests === 0 ? (
                <p className="py-24 text-center text-sm text-slate-500">
                  No requests in the {RANGE_TEXT[report.range]}.
                </p>
              ) : (
                <RequestsChart report={report} onBucket={openBucket} />
              )}
            </div>
          </Card>

          <div className="grid gap-6 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader
                title="Units"
                description={`Units charged per ${report.granularity === "hour" ? "hour" : "day"}`}
              />
              <div className="px-3 pb-3 pt-4 sm:px-5">
                <UnitsChart report={report} />
              </div>
            </Card>
            <Card>
              <CardHeader title="Monthly quota" description="All keys, this calendar month (UTC)" />
              <div className="px-5 py-5">
                <QuotaMeter month={report.month} detailed={{ now }} />
              </div>
            </Card>
          </div>

          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader title="Top endpoints" description="By requests" />
              <TopEndpoints report={report} />
            </Card>
            <Card>
              <CardHeader title="Per key" description="Requests, errors and units by key" />
              <PerKey report={report} />
            </Card>
          </div>
        </div>
      ) : null}
    </>
  );
}
