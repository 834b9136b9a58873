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
      client.invalidateQueries({ queryKey: ["keys"] });
      client.invalidateQueries({ queryKey: ["audit"] });
      // Awaited: the confirmation closes once the row is gone, so focus never goes back to its
      // Revoke button just before that button disappears (the dialog then hands focus to the heading).
      return client.invalidateQueries({ queryKey: connectedAppsQueryKey });
    },
  });
}
