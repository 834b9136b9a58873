"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Invited } from "@/lib/workspaces/invite";
import type { InvitationView } from "@/lib/workspaces/invitations";
import type { Role } from "@/lib/workspaces/permissions";
import type { InviteInput, RemoveMemberInput, RoleInput } from "@/lib/workspaces/schemas";
import type { MemberView, WorkspaceSummary } from "@/lib/workspaces/store";
import { queries } from "./queries";
import { useApi } from "./useApi";

export interface MembersPage {
  workspace: WorkspaceSummary;
  members: MemberView[];
  invitations: InvitationView[];
  you: { userId: string; role: Role };
  assignable: Role[];
  mail: boolean;
}

export const membersQueryKey = queries.members().key;

export function useMembersQuery() {
  const api = useApi();
  return useQuery({
    queryKey: membersQueryKey,
    queryFn: () => api.get<MembersPage>(queries.members().url),
  });
}

/** Invite, role change, removal and invitation revoke: each refreshes the page's list and the audit log. */
export function useMemberMutations() {
  const api = useApi();
  const client = useQueryClient();
  // The members list is awaited: a dialog closes once its row changed or left, so focus never goes
  // back to a button that is about to disappear (Dialog then hands it to the page heading).
  const onSuccess = () => {
    client.invalidateQueries({ queryKey: ["audit"] });
    return client.invalidateQueries({ queryKey: membersQueryKey });
  };
  const id = (v: string) => encodeURIComponent(v);
  return {
    invite: useMutation({
      mutationFn: (input: InviteInput) => api.post<Invited>("/api/dashboard/members/invitations", input),
      onSuccess,
    }),
    resendInvitation: useMutation({
      mutationFn: (invitationId: string) =>
        api.post<Invited>(`/api/dashboard/members/invitations/${id(invitationId)}/resend`),
      onSuccess,
    }),
    revokeInvitation: useMutation({
      mutationFn: (invitationId: string) =>
        api.post<{ revoked: boolean }>(`/api/dashboard/members/invitations/${id(invitationId)}/revoke`),
      onSuccess,
    }),
    changeRole: useMutation({
      mutationFn: ({ userId, ...body }: { userId: string } & RoleInput) =>
        api.patch<{ role: Role }>(`/api/dashboard/members/${id(userId)}`, body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: ({ userId, ...body }: { userId: string } & RemoveMemberInput) =>
        api.post<{ keysRevoked: number }>(`/api/dashboard/members/${id(userId)}/remove`, body),
      onSuccess,
    }),
  };
}
