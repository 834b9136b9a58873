"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditCategory } from "@/lib/audit/labels";
import type { AuditPage } from "@/lib/audit/views";
import { pageUrl, queries } from "./queries";
import { useApi } from "./useApi";

/** One category of events (lib/audit/labels.ts), or "" for all. */
export function useAuditQuery(category: AuditCategory | "" = "", limit = 50) {
  const api = useApi();
  const { key, url } = queries.audit(category, limit);
  return useInfiniteQuery({
    queryKey: key,
    initialPageParam: "",
    queryFn: ({ pageParam }) => api.get<AuditPage>(pageUrl(url, pageParam)),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
