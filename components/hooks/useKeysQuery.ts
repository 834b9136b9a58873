"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedKey, KeyView } from "@/lib/dashboard/types";
import { useApi } from "./useApi";

export const keysQueryKey = ["keys"] as const;

export function useKeysQuery() {
  const api = useApi();
  return useQuery({ queryKey: keysQueryKey, queryFn: () => api.get<KeyView[]>("/api/dashboard/keys") });
}

/**
 * The answer holds the full key. gcTime 0 drops it from the mutation cache as soon as the dialog
 * stops observing it, and it is never copied into the keys query (that is refetched instead).
 */
export function useCreateKeyMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (input: { name: string; environment: "live" | "test" }) =>
      api.post<CreatedKey>("/api/dashboard/keys", input),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: keysQueryKey });
      client.invalidateQueries({ queryKey: ["overview"] });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}

export function useRevokeKeyMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<KeyView>(`/api/dashboard/keys/${encodeURIComponent(id)}/revoke`),
    onSuccess: (revoked) => {
      client.setQueryData<KeyView[]>(keysQueryKey, (keys) =>
        keys?.map((k) => (k.id === revoked.id ? revoked : k)),
      );
      client.invalidateQueries({ queryKey: ["overview"] });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}
