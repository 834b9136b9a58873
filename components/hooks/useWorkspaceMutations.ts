"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeleteInput, TransferInput, WorkspaceNameInput } from "@/lib/workspaces/schemas";
import type { Deleted } from "@/lib/workspaces/lifecycle";
import { membersQueryKey } from "./useMembersQuery";
import { useApi } from "./useApi";

/**
 * The workspace's life on the Members page: create, rename, transfer, leave, delete. Leaving and
 * deleting end the page's workspace, so the caller moves to the user's own with a full page load.
 */
export function useWorkspaceMutations() {
  const api = useApi();
  const client = useQueryClient();
  const onSuccess = () => {
    client.invalidateQueries({ queryKey: membersQueryKey });
    client.invalidateQueries({ queryKey: ["audit"] });
  };
  return {
    create: useMutation({
      mutationFn: (input: WorkspaceNameInput) =>
        api.post<{ id: string; name: string }>("/api/dashboard/workspaces", input),
    }),
    rename: useMutation({
      mutationFn: (input: WorkspaceNameInput) =>
        api.patch<{ name: string }>("/api/dashboard/workspace", input),
      onSuccess,
    }),
    transfer: useMutation({
      mutationFn: (input: TransferInput) =>
        api.post<{ owner: string }>("/api/dashboard/workspace/transfer", input),
      onSuccess,
    }),
    leave: useMutation({
      mutationFn: () => api.post<{ left: boolean }>("/api/dashboard/members/leave"),
    }),
    remove: useMutation({
      mutationFn: (input: DeleteInput) => api.post<Deleted>("/api/dashboard/workspace/delete", input),
    }),
  };
}
