"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionView } from "@/lib/auth/sessions";
import { queries } from "./queries";
import { useApi } from "./useApi";

export const sessionsQueryKey = queries.sessions().key;

export function useSessionsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => api.get<SessionView[]>(queries.sessions().url),
  });
}

/** Revokes one session (`id`) or every session of the user (`null`, "sign out everywhere"). */
export function useRevokeSessionMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      api.post<{ revoked: number }>(
        id
          ? `/api/dashboard/sessions/${encodeURIComponent(id)}/revoke`
          : "/api/dashboard/sessions/revoke-all",
      ),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: sessionsQueryKey });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}
