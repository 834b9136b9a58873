"use client";

import dynamic from "next/dynamic";
import { useMemo, useState } from "react";
import type { RequestLogView } from "@/lib/requestlog/query";
import { hrefInWorkspace, useEnvironment, useWorkspaceId } from "../hooks/useEnvironment";
import { useKeysQuery } from "../hooks/useKeysQuery";
import { logParams, logRangeFrom, type LogFilters } from "../hooks/queries";
import { useLogsQuery } from "../hooks/useLogsQuery";
import { Button } from "../ui/Button";
import { Card, PageHeader } from "../ui/Card";
import { DownloadIcon, SearchIcon } from "../ui/icons";
import { EmptyState, ErrorState, Skeleton } from "../ui/States";
import { OnceOpened } from "../ui/OnceOpened";
import { LogFilterBar } from "./LogFilterBar";
import { LogTable } from "./LogTable";

// The request drawer is fetched when a row is first opened, not with the page.
const LogDrawer = dynamic(() => import("./LogDrawer").then((m) => m.LogDrawer), { ssr: false });

export interface LogsInitial {
  keyPrefix: string;
  status: string;
  endpoint: string;
  requestId: string;
  range: string;
  /** For a preset range, the page's time minus the range (logRangeFrom), and no `to`. */
  from: string;
  to: string;
}

export function LogsView({ initial, endpoints }: { initial: LogsInitial; endpoints: string[] }) {
  const env = useEnvironment();
  const workspace = useWorkspaceId();
  // A preset range's from-time comes from the page, so this asks the query the page rendered with.
  const [state, setState] = useState(initial);
  const filters: LogFilters = { env, ...state };
  const logs = useLogsQuery(filters);
  const keys = useKeysQuery();
  const [open, setOpen] = useState<RequestLogView | null>(null);
  const envKeys = useMemo(() => (keys.data ?? []).filter((k) => k.environment === env), [keys.data, env]);

  const update = (next: Partial<LogFilters>, range?: string) => {
    const merged = { ...state, ...next };
    if (range !== undefined) {
      merged.range = range;
      merged.from = logRangeFrom(range, Date.now());
      merged.to = "";
    }
    setState(merged);
    // Shareable, reload-proof filters: the URL says what is shown.
    const p = new URLSearchParams();
    if (env === "live") p.set("env", "live");
    if (merged.requestId) p.set("id", merged.requestId);
    if (merged.keyPrefix) p.set("key", merged.keyPrefix);
    if (merged.status) p.set("status", merged.status);
    if (merged.endpoint) p.set("endpoint", merged.endpoint);
    if (merged.range !== "24h") p.set("range", merged.range || "all");
    if (merged.range === "custom") {
      if (merged.from) p.set("from", merged.from);
      if (merged.to) p.set("to", merged.to);
    }
    window.history.replaceState(null, "", `/dashboard/logs${p.size ? `?${p}` : ""}`);
  };

  const rows = logs.data?.pages.flatMap((p) => p.items) ?? [];
  const exportHref = hrefInWorkspace(`/api/dashboard/logs/export?${logParams(filters)}`, workspace);

  return (
    <>
      <PageHeader
        title="Logs"
        description={`Every ${env} request to /v1, newest first. Errors are always kept; during traffic peaks successful requests may be sampled (marked on the row). Times are UTC.`}
        action={
          <a
            href={exportHref}
            download
            className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
          >
            <DownloadIcon width={16} height={16} /> Export CSV
          </a>
        }
      />
      <LogFilterBar
        value={filters}
        range={state.range}
        keys={envKeys}
        endpoints={endpoints}
        onChange={update}
      />
      <Card className="overflow-hidden">
        {logs.isPending ? (
          <div aria-busy="true" aria-label="Loading requests" className="space-y-2 p-4">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : logs.isError && rows.length === 0 ? (
          <ErrorState error={logs.error} onRetry={() => logs.refetch()} what="the request log" />
        ) : rows.length === 0 ? (
          <EmptyState icon={<SearchIcon width={22} height={22} />} title="No requests match">
            {state.requestId
              ? `No request ${state.requestId} in this account's log. Request ids are kept for the retention period.`
              : `Requests made with your ${env} keys appear here a second or two after they are answered.`}
          </EmptyState>
        ) : (
          <div className={logs.isPlaceholderData ? "opacity-60" : ""}>
            <LogTable rows={rows} onOpen={setOpen} />
          </div>
        )}
      </Card>
      {logs.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => logs.fetchNextPage()} disabled={logs.isFetchingNextPage}>
            {logs.isFetchingNextPage ? "Loading…" : "Load older requests"}
          </Button>
        </div>
      )}
      <OnceOpened open={open !== null}>
        <LogDrawer row={open} onClose={() => setOpen(null)} />
      </OnceOpened>
    </>
  );
}
