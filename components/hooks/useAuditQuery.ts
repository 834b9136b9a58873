"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditCategory } from "@/lib/audit/labels";
import type { AuditPage } from "@/lib/audit/views";
import { useApi } from "./useApi";

/** One category of events (lib/audit/labels.ts), or "" for all. */
export function useAuditQuery(category: AuditCategory | "" = "", limit = 50) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ["audit", limit, category],
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      api.get<AuditPage>(
        `/api/dashboard/audit?limit=${limit}${category ? `&category=${category}` : ""}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
