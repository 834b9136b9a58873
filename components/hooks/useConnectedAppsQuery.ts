"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConnectedAppView } from "@/lib/oauth/connected";
import { queries } from "./queries";
import { useApi } from "./useApi";

export const connectedAppsQueryKey = queries.connectedApps().key;

export function useConnectedAppsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: connectedAppsQueryKey,
    queryFn: () => api.get<ConnectedAppView[]>(queries.connectedApps().url),
  });
}

export function useRevokeConnectedAppMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ revoked: boolean }>(`/api/dashboard/connected-apps/${encodeURIComponent(id)}/revoke`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: connectedAppsQueryKey });
      client.invalidateQueries({ queryKey: ["keys"] });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}
