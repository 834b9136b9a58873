"use client";

import { useQuery } from "@tanstack/react-query";
import type { OverviewView } from "@/lib/overview/overview";
import { queries } from "./queries";
import { useApi } from "./useApi";

export function useOverviewQuery(env: "live" | "test") {
  const api = useApi();
  const { key, url } = queries.overview(env);
  return useQuery({
    queryKey: key,
    queryFn: () => api.get<OverviewView>(url),
    // 5 s: the quick start shows a request made from a terminal soon after it is sent (the log flushes about every second).
    refetchInterval: 5_000,
  });
}
