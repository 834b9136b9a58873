"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedKey, KeyView } from "@/lib/keys/views";
import type { CreateKeyInput, KeyPatchInput, RollKeyInput } from "@/lib/keys/schemas";
import { queries } from "./queries";
import { useApi } from "./useApi";

export const keysQueryKey = queries.keys().key;

export function useKeysQuery() {
  const api = useApi();
  return useQuery({ queryKey: keysQueryKey, queryFn: () => api.get<KeyView[]>(queries.keys().url) });
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
    mutationFn: (input: CreateKeyInput) => api.post<CreatedKey>("/api/dashboard/keys", input),
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

/** Rolls a key; like create, the answer holds the new full key once (gcTime 0, never cached). */
export function useRollKeyMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: ({ id, ...body }: RollKeyInput & { id: string }) =>
      api.post<CreatedKey>(`/api/dashboard/keys/${encodeURIComponent(id)}/roll`, body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: keysQueryKey });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}

export function useToggleKeyMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (k: { id: string; disable: boolean }) =>
      api.post<KeyView>(
        `/api/dashboard/keys/${encodeURIComponent(k.id)}/${k.disable ? "disable" : "enable"}`,
      ),
    onSuccess: (changed) => {
      client.setQueryData<KeyView[]>(keysQueryKey, (keys) =>
        keys?.map((k) => (k.id === changed.id ? changed : k)),
      );
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}

/** Edits a key (name, note, restrictions, expiry); the answer is the key as the list shows it. */
export function useUpdateKeyMutation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; patch: KeyPatchInput }) =>
      api.patch<KeyView>(`/api/dashboard/keys/${encodeURIComponent(input.id)}`, input.patch),
    onSuccess: (changed) => {
      client.setQueryData<KeyView[]>(keysQueryKey, (keys) =>
        keys?.map((k) => (k.id === changed.id ? changed : k)),
      );
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}
