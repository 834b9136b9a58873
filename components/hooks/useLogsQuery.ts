"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { RequestLogPage } from "@/lib/requestlog/query";
import { pageUrl, queries, type LogFilters } from "./queries";
import { useApi } from "./useApi";

export function useLogsQuery(filters: LogFilters, limit = 50) {
  const api = useApi();
  const { key, url } = queries.logs(filters, limit);
  return useInfiniteQuery({
    queryKey: key,
    initialPageParam: "",
    queryFn: ({ pageParam }) => api.get<RequestLogPage>(pageUrl(url, pageParam)),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
