"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { UsageRange, UsageReport } from "@/lib/usage/report";
import { useApi } from "./useApi";

export interface UsageFilters {
  range: UsageRange;
  keyId: string;
  environment: "" | "live" | "test";
}

export function useUsageQuery(filters: UsageFilters) {
  const api = useApi();
  const params = new URLSearchParams({ range: filters.range });
  if (filters.keyId) params.set("keyId", filters.keyId);
  if (filters.environment) params.set("environment", filters.environment);
  return useQuery({
    queryKey: ["usage", filters],
    queryFn: () => api.get<UsageReport>(`/api/dashboard/usage?${params}`),
    // Keep the previous chart on screen while a new filter loads, and follow live traffic.
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}
