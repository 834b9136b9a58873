"use client";

import { useQuery } from "@tanstack/react-query";
import type { OverviewView } from "@/lib/overview/overview";
import { useApi } from "./useApi";

export function useOverviewQuery(env: "live" | "test") {
  const api = useApi();
  return useQuery({
    queryKey: ["overview", env],
    queryFn: () => api.get<OverviewView>(`/api/dashboard/overview?env=${env}`),
    // 5 s: the quick start shows a request made from a terminal soon after it is sent (the log flushes about every second).
    refetchInterval: 5_000,
  });
}
