"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditPage } from "@/lib/dashboard/types";
import { useApi } from "./useApi";

export function useAuditQuery(limit = 50) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ["audit", limit],
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      api.get<AuditPage>(
        `/api/dashboard/audit?limit=${limit}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
