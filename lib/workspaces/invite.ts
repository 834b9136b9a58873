import { ApiError, assertOk, notFound } from "../platform/errors";
import type { AuditContext } from "../audit/store";
import { mailLinkBase } from "../auth/email-verification";
import type { Db } from "../platform/db";
import { mailConfigured, sendMail } from "../mail";
import { takeRateLimit } from "../usage";
import { toSeconds } from "../usage/limiter";
import { createInvitation, INVITE_PATH, revokeInvitation, type Inviter } from "./invitations";
import { isRole, type Role } from "./permissions";
import { pendingInvitation } from "./store";

/** Invitations per workspace: 20 at once, then one every 3 minutes (no mailbox flooding). */
export const INVITE_RULE = { burst: 20, intervalMs: 3 * 60_000 };

export interface Invited {
  id: string;
  email: string;
  role: Role;
  /** "mail": sent to the address; "copy": `link` is for the inviter to pass on (no SMTP). */
  delivery: "mail" | "copy";
  link: string | null;
}

const tooMany = (message: string, retryAfterMs: number) => {
  const seconds = toSeconds(retryAfterMs);
  return new ApiError("RATE_LIMITED", `${message} Try again in ${seconds} s.`, {
    "Retry-After": String(seconds),
  });
};

/**
 * Invites an address: rate-limited per workspace, then mailed when SMTP_URL and NEXTAUTH_URL are
 * set (the link only in the mail), or else returned for the inviter to copy, on the host they
 * reached the dashboard on. A mail that fails to send revokes its invitation (503).
 */
export async function inviteMember(
  db: Db,
  actor: Inviter & { email: string },
  input: { email: string; role: Role; resent?: boolean },
  audit: AuditContext,
  requestOrigin: string,
): Promise<Invited> {
  const decision = await takeRateLimit(`invite:${actor.accountId}`, INVITE_RULE);
  if (!decision.allowed) throw tooMany("Too many invitations from this workspace.", decision.retryAfterMs);
  const base = mailConfigured() ? mailLinkBase() : null;
  const delivery = base ? "mail" : "copy";
  const made = await createInvitation(db, actor, { ...input, delivery }, audit);
  assertOk(made);
  const link = `${base ?? requestOrigin}${INVITE_PATH}?token=${made.value.token}`;
  if (delivery === "copy") return { id: made.value.id, email: input.email, role: input.role, delivery, link };
  const sent = await sendMail({
    to: input.email,
    subject: `You are invited to ${made.value.workspaceName} on Statline`,
    text: [
      `${actor.email} invited you to the workspace "${made.value.workspaceName}" on Statline as ${input.role}.`,
      "",
      `Accept the invitation (the link works once, for 7 days):`,
      link,
      "",
      "If you did not expect this invitation, ignore this email.",
    ].join("\n"),
  });
  if (sent !== "sent") {
    await revokeInvitation(db, actor, made.value.id, audit);
    throw new ApiError("SERVICE_UNAVAILABLE", "The invitation email could not be sent. Try again later.");
  }
  return { id: made.value.id, email: input.email, role: input.role, delivery, link: null };
}

/** Resends to one address: once a minute, so a mistaken double click cannot flood a mailbox. */
export const RESEND_RULE = { burst: 1, intervalMs: 60_000 };

/**
 * Sends a pending invitation again with a new link (7 more days); the earlier link is refused from
 * then on ("revoked"). Another workspace's, an accepted or a revoked invitation is 404.
 */
export async function resendInvitation(
  db: Db,
  actor: Inviter & { email: string },
  id: string,
  audit: AuditContext,
  requestOrigin: string,
): Promise<Invited> {
  const row = await pendingInvitation(db, actor.accountId, id);
  if (!row) throw notFound("Invitation");
  const decision = await takeRateLimit(`invite-resend:${actor.accountId}:${row.email}`, RESEND_RULE);
  if (!decision.allowed)
    throw tooMany(`The invitation of ${row.email} was sent moments ago.`, decision.retryAfterMs);
  const role = isRole(row.role) ? row.role : "viewer";
  return inviteMember(db, actor, { email: row.email, role, resent: true }, audit, requestOrigin);
}
