"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { RequestLogPage } from "@/lib/requestlog/query";
import { useApi } from "./useApi";

/** The Logs page's filters; empty strings mean "any". Times are ISO strings. */
export interface LogFilters {
  env: "test" | "live";
  keyPrefix: string;
  status: string;
  endpoint: string;
  requestId: string;
  from: string;
  to: string;
}

/** The filters as the query string of /api/dashboard/logs (and its CSV export). */
export function logParams(f: LogFilters): URLSearchParams {
  const p = new URLSearchParams({ environment: f.env });
  if (f.requestId) {
    // An exact request id search ignores the other filters, like Stripe's: the id is unique.
    p.set("requestId", f.requestId);
    p.delete("environment");
    return p;
  }
  if (f.keyPrefix) p.set("keyPrefix", f.keyPrefix);
  if (f.status) p.set("status", f.status);
  if (f.endpoint) p.set("endpoint", f.endpoint);
  if (f.from) p.set("from", f.from);
  if (f.to) p.set("to", f.to);
  return p;
}

export function useLogsQuery(filters: LogFilters, limit = 50) {
  const api = useApi();
  const params = logParams(filters);
  params.set("limit", String(limit));
  return useInfiniteQuery({
    queryKey: ["logs", filters, limit],
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      api.get<RequestLogPage>(
        `/api/dashboard/logs?${params}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
