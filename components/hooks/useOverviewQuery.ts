"use client";

import { useQuery } from "@tanstack/react-query";
import type { OverviewView } from "@/lib/dashboard/types";
import { useApi } from "./useApi";

export function useOverviewQuery() {
  const api = useApi();
  return useQuery({ queryKey: ["overview"], queryFn: () => api.get<OverviewView>("/api/dashboard/overview"), refetchInterval: 30_000 });
}
