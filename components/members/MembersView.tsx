"use client";

import { useState } from "react";
import type { Role } from "@/lib/workspaces/permissions";
import type { MemberView } from "@/lib/workspaces/store";
import { useMemberMutations, useMembersQuery, type MembersPage } from "../hooks/useMembersQuery";
import { Badge, type Tone } from "../ui/Badge";
import { Button } from "../ui/Button";
import { CopyButton } from "../ui/CopyButton";
import { Card, CardHeader, PageHeader } from "../ui/Card";
import { Ago } from "../ui/Ago";
import { formatDateTime } from "../ui/format";
import { PlusIcon } from "../ui/icons";
import { ErrorState, Skeleton } from "../ui/States";
import { InviteDialog } from "./InviteDialog";
import { ChangeRoleDialog, RemoveMemberDialog } from "./MemberDialogs";
import { WorkspaceCard } from "./WorkspaceCard";

const TONE: Record<Role, Tone> = { owner: "violet", admin: "blue", developer: "green", viewer: "gray" };

/** Admins manage admins, developers and viewers; only owners manage owners. */
const manages = (page: MembersPage, m: MemberView) =>
  page.assignable.length > 0 && (m.role !== "owner" || page.you.role === "owner");

export function MembersView() {
  const query = useMembersQuery();
  const [inviting, setInviting] = useState(false);
  const page = query.data;
  const canInvite = Boolean(page && page.assignable.length > 0);
  return (
    <>
      <PageHeader
        title="Members"
        description="The people in this workspace and their roles. Keys, usage, logs and webhooks belong to the workspace."
        action={
          canInvite && (
            <Button onClick={() => setInviting(true)}>
              <PlusIcon /> Invite member
            </Button>
          )
        }
      />
      {query.isPending ? (
        <Card>
          <div className="space-y-3 px-5 py-4" aria-busy="true" aria-label="Loading members">
            <Skeleton className="h-4 w-64" />
            <Skeleton className="h-4 w-48" />
          </div>
        </Card>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} what="the members" />
      ) : (
        <div className="space-y-6">
          <MembersCard page={query.data} />
          {canInvite && <InvitationsCard page={query.data} />}
          <WorkspaceCard page={query.data} />
          {page && (
            <InviteDialog
              open={inviting}
              onClose={() => setInviting(false)}
              assignable={page.assignable}
              mail={page.mail}
            />
          )}
        </div>
      )}
    </>
  );
}

function MembersCard({ page }: { page: MembersPage }) {
  const [editing, setEditing] = useState<MemberView | null>(null);
  const [removing, setRemoving] = useState<MemberView | null>(null);
  return (
    <Card>
      <CardHeader title={`Members (${page.members.length})`} description={`Your role: ${page.you.role}`} />
      <ul className="divide-y divide-slate-100" aria-label="Members">
        {page.members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
            <div className="min-w-0 flex-1 basis-56">
              <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-900">
                <span className="truncate" title={m.email}>
                  {m.email}
                </span>
                {m.userId === page.you.userId && <Badge>You</Badge>}
              </p>
              <p className="mt-0.5 truncate text-sm text-slate-600" title={m.name ?? undefined}>
                {m.name ? `${m.name} · ` : ""}joined <Ago iso={m.joinedAt} /> · {m.keysCreated}{" "}
                {m.keysCreated === 1 ? "key" : "keys"}
              </p>
            </div>
            <Badge tone={TONE[m.role]}>{m.role}</Badge>
            {manages(page, m) && m.userId !== page.you.userId && (
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setEditing(m)}
                  aria-label={`Change role of ${m.email}`}
                >
                  Change role
                </Button>
                <Button
                  variant="dangerGhost"
                  size="sm"
                  onClick={() => setRemoving(m)}
                  aria-label={`Remove ${m.email}`}
                >
                  Remove
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing && (
        <ChangeRoleDialog member={editing} roles={page.assignable} onClose={() => setEditing(null)} />
      )}
      {removing && <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />}
    </Card>
  );
}

function InvitationsCard({ page }: { page: MembersPage }) {
  const { revokeInvitation, resendInvitation } = useMemberMutations();
  const resent = resendInvitation.data;
  return (
    <Card>
      <CardHeader
        title={`Pending invitations (${page.invitations.length})`}
        description="A link works once and expires 7 days after it was sent."
      />
      {page.invitations.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600">No invitation is waiting for an answer.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Pending invitations">
          {page.invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
              <div className="min-w-0 flex-1 basis-56">
                <p className="truncate text-sm font-medium text-slate-900" title={i.email}>
                  {i.email}
                </p>
                <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">
                  {i.delivery === "mail" ? "Emailed" : "Link copied"}
                  {i.invitedBy ? ` by ${i.invitedBy}` : ""} · expires{" "}
                  <time dateTime={i.expiresAt}>{formatDateTime(i.expiresAt)}</time>
                </p>
              </div>
              <Badge tone={TONE[i.role]}>{i.role}</Badge>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={resendInvitation.isPending}
                  onClick={() => resendInvitation.mutate(i.id)}
                  aria-label={`Resend the invitation of ${i.email}`}
                >
                  Resend
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={revokeInvitation.isPending}
                  onClick={() => revokeInvitation.mutate(i.id)}
                  aria-label={`Revoke the invitation of ${i.email}`}
                >
                  Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite" className="empty:hidden">
        {resent && (
          <div className="mx-5 mb-4 space-y-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            <p className="[overflow-wrap:anywhere]">
              {resent.link
                ? `New link for ${resent.email}; the earlier one no longer works. It is shown only now.`
                : `Sent again to ${resent.email}; the earlier link no longer works.`}
            </p>
            {resent.link && (
              <>
                <code className="block rounded-md bg-white p-2 text-xs [overflow-wrap:anywhere]">
                  {resent.link}
                </code>
                <CopyButton text={resent.link} label="Copy link" size="sm" />
              </>
            )}
          </div>
        )}
      </div>
      {resendInvitation.isError && (
        <p role="alert" className="mx-5 mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {resendInvitation.error.message}
        </p>
      )}
      {revokeInvitation.isError && (
        <p role="alert" className="mx-5 mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {revokeInvitation.error.message}
        </p>
      )}
    </Card>
  );
}
