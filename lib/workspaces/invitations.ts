import { createHash, randomBytes } from "node:crypto";
import { ApiError, type Result } from "../platform/errors";
import { recordAudit, type AuditContext } from "../audit/store";
import type { Db } from "../platform/db";
import { assignableRoles, isRole, type Role } from "./permissions";
import * as store from "./store";

/**
 * Invitations to a workspace. The token (32 random bytes) is only in the link; the table keeps its
 * SHA-256. A link works once, for INVITE_TTL_MS (7 days), for the address it was sent to, until an
 * admin revokes it; inviting an address again replaces its pending invitation.
 */
export const INVITE_TTL_MS = 7 * 24 * 3_600_000;
export const INVITE_PATH = "/invite";

export const hashInviteToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export type InviteRefusal =
  "invalid" | "used" | "expired" | "revoked" | "other_address" | "unverified" | "account_exists";

export const INVITE_REFUSALS: Record<InviteRefusal, string> = {
  invalid: "This invitation link is not valid. Ask an admin of the workspace to invite you again.",
  used: "This invitation link was already used. Sign in to open the workspace.",
  expired:
    "This invitation has expired (invitations work for 7 days). Ask an admin of the workspace to invite you again.",
  revoked: "This invitation link no longer works: an admin of the workspace revoked it or sent a newer one.",
  other_address:
    "This invitation was sent to another email address. Sign out, then open the link again and sign in or sign up with the invited address.",
  unverified:
    "Verify your email address before joining another workspace: open the link we emailed you, or send a new one from the dashboard.",
  account_exists: "An account with this address already exists. Sign in to accept the invitation.",
};

/** A refusal as the error a route answers: 404 unknown link, 403 wrong or unverified address, 409 spent. */
export function inviteRefusalError(reason: InviteRefusal): ApiError {
  const code =
    reason === "invalid"
      ? "NOT_FOUND"
      : reason === "other_address" || reason === "unverified"
        ? "FORBIDDEN"
        : "CONFLICT";
  return new ApiError(code, INVITE_REFUSALS[reason]);
}

export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  invitedBy: string | null;
  delivery: "mail" | "copy";
}

export interface OpenInvitation {
  id: string;
  accountId: string;
  workspaceName: string;
  email: string;
  role: Role;
  delivery: "mail" | "copy";
}

/** The workspace's invitations still waiting for an answer (not accepted, revoked or expired). */
export async function listPendingInvitations(
  db: Db,
  accountId: string,
  now = new Date(),
): Promise<InvitationView[]> {
  const rows = await store.openInvitations(db, accountId, now, 200);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: isRole(r.role) ? r.role : "viewer",
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    invitedBy: r.invitedBy?.email ?? null,
    delivery: r.delivery === "mail" ? "mail" : "copy",
  }));
}

export interface Inviter {
  userId: string;
  accountId: string;
  role: Role;
}

/** Creates an invitation; the token is returned once, for the mail or the inviter's copy. */
export async function createInvitation(
  db: Db,
  actor: Inviter,
  input: { email: string; role: Role; delivery: "mail" | "copy"; resent?: boolean },
  audit: AuditContext,
  now = Date.now(),
): Promise<Result<{ id: string; token: string; workspaceName: string }, "FORBIDDEN" | "CONFLICT">> {
  if (!assignableRoles(actor.role).includes(input.role))
    return { ok: false, code: "FORBIDDEN", message: `You cannot invite someone as ${input.role}` };
  if (await store.isMemberByEmail(db, actor.accountId, input.email))
    return { ok: false, code: "CONFLICT", message: `${input.email} is already a member of this workspace` };
  const token = randomBytes(32).toString("base64url");
  const made = await db.$transaction(async (tx) => {
    await store.revokePendingFor(tx, actor.accountId, input.email, new Date(now));
    const row = await store.insertInvitation(tx, {
      accountId: actor.accountId,
      email: input.email,
      role: input.role,
      tokenHash: hashInviteToken(token),
      invitedById: actor.userId,
      expiresAt: new Date(now + INVITE_TTL_MS),
      delivery: input.delivery,
    });
    await recordAudit(tx, {
      ...audit,
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action: input.resent ? "member.invitation_resent" : "member.invited",
      targetType: "invitation",
      targetId: row.id,
      detail: `${input.email} as ${input.role}`,
    });
    return row;
  });
  return { ok: true, value: { id: made.id, token, workspaceName: made.account.name } };
}

/** Revokes a pending invitation of the workspace; false when there is none with this id. */
export async function revokeInvitation(
  db: Db,
  actor: Inviter,
  id: string,
  audit: AuditContext,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const row = await store.revokeInvitation(tx, actor.accountId, id, new Date());
    if (!row) return false;
    await recordAudit(tx, {
      ...audit,
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action: "member.invitation_revoked",
      targetType: "invitation",
      targetId: id,
      detail: `${row.email} as ${row.role}`,
    });
    return true;
  });
}

/** What a link opens, or why it is refused (unknown, used, expired, revoked). */
export async function openInvitation(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<{ ok: true; value: OpenInvitation } | { ok: false; reason: InviteRefusal }> {
  if (token.length < 20 || token.length > 100) return { ok: false, reason: "invalid" };
  const row = await store.invitationByTokenHash(db, hashInviteToken(token));
  if (!row) return { ok: false, reason: "invalid" };
  if (row.acceptedAt) return { ok: false, reason: "used" };
  if (row.revokedAt) return { ok: false, reason: "revoked" };
  if (row.expiresAt.getTime() <= now) return { ok: false, reason: "expired" };
  return {
    ok: true,
    value: {
      id: row.id,
      accountId: row.accountId,
      workspaceName: row.account.name,
      email: row.email,
      role: isRole(row.role) ? row.role : "viewer",
      delivery: row.delivery === "mail" ? "mail" : "copy",
    },
  };
}
