"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { UsageReport } from "@/lib/usage/report";
import { queries, type UsageFilters } from "./queries";
import { useApi } from "./useApi";

export function useUsageQuery(filters: UsageFilters) {
  const api = useApi();
  const { key, url } = queries.usage(filters);
  return useQuery({
    queryKey: key,
    queryFn: () => api.get<UsageReport>(url),
    // Keep the previous chart on screen while a new filter loads, and follow live traffic.
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}
