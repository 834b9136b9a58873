import type { Result } from "../platform/errors";
import type { AuditContext } from "../audit/store";
import { recordAudit } from "../audit/store";
import type { CurrentUser } from "../auth/session";
import type { Db } from "../platform/db";
import { generateAuthCode, sha256Hex } from "./codes";
import { handoffConfig } from "./config";
import { storedScopes, type Scope } from "../keys/scopes";

/** Agent keys expire after 90 days unless the approver picks otherwise. */
export const HANDOFF_KEY_DAYS = 90;
import { handoffByUserCode, transitionHandoff, type HandoffSessionRow } from "./store";

/** The decided session and, on approval, its one-time code; or why nothing was decided. */
export type Decision = Result<{ session: HandoffSessionRow; code: string | null }, "NOT_FOUND" | "CONFLICT">;
type Refusal = Extract<Decision, { ok: false }>;

/** Why a session can no longer be decided on, or null while it is pending and unexpired. */
export function closedReason(session: HandoffSessionRow, now = new Date()): string | null {
  if (session.status === "approved" || session.status === "exchanged")
    return "This request was already approved.";
  if (session.status === "denied") return "This request was denied.";
  if (session.status === "dead") return "This request was cancelled.";
  if (session.expiresAt <= now) return "This request has expired. Start a new one from your terminal.";
  return null;
}

async function pendingSession(db: Db, userCode: string): Promise<HandoffSessionRow | Refusal> {
  const session = await handoffByUserCode(db, userCode);
  if (!session)
    return {
      ok: false,
      code: "NOT_FOUND",
      message: "No request with this code. Check the code in your terminal.",
    };
  const closed = closedReason(session);
  return closed ? { ok: false, code: "CONFLICT", message: closed } : session;
}

const ALREADY_DECIDED: Refusal = {
  ok: false,
  code: "CONFLICT",
  message: "This request was already decided.",
};

/**
 * Step 2-3: the signed-in user approves. The session is bound to that user's account and the
 * environment they chose, and a one-time authorization code (190 bits) is minted; only its
 * SHA-256 is stored, so the code exists in this response alone.
 */
export async function approveSession(
  db: Db,
  input: {
    userCode: string;
    user: CurrentUser;
    environment: "test" | "live";
    /** Default: every read scope, 90 days (as Stripe's CLI keys). */
    scopes?: readonly Scope[];
    expiresDays?: number | null;
  },
  audit: AuditContext,
): Promise<Decision> {
  const found = await pendingSession(db, input.userCode);
  if (!("id" in found)) return found;
  const now = new Date();
  const code = generateAuthCode();
  const moved = await transitionHandoff(db, found.id, "pending", {
    status: "approved",
    environment: input.environment,
    accountId: input.user.accountId,
    approvedById: input.user.id,
    approvedAt: now,
    codeHash: sha256Hex(code),
    codeExpiresAt: new Date(now.getTime() + handoffConfig.codeTtlSeconds() * 1000),
    keyScopes: storedScopes(input.scopes),
    keyExpiresDays: input.expiresDays === undefined ? HANDOFF_KEY_DAYS : input.expiresDays,
  });
  if (!moved) return ALREADY_DECIDED;
  await recordAudit(db, {
    accountId: input.user.accountId,
    actorUserId: input.user.id,
    action: "handoff.approved",
    targetType: "handoff_session",
    targetId: found.id,
    detail: `"${found.clientName}" key "${found.keyName}" (${input.environment}; requested ${found.environment}) from ${found.requesterIp}`,
    ...audit,
  });
  return {
    ok: true,
    value: { session: { ...found, status: "approved", environment: input.environment }, code },
  };
}

export async function denySession(
  db: Db,
  input: { userCode: string; user: CurrentUser },
  audit: AuditContext,
): Promise<Decision> {
  const found = await pendingSession(db, input.userCode);
  if (!("id" in found)) return found;
  const moved = await transitionHandoff(db, found.id, "pending", {
    status: "denied",
    accountId: input.user.accountId,
  });
  if (!moved) return ALREADY_DECIDED;
  await recordAudit(db, {
    accountId: input.user.accountId,
    actorUserId: input.user.id,
    action: "handoff.denied",
    targetType: "handoff_session",
    targetId: found.id,
    detail: `"${found.clientName}" from ${found.requesterIp}`,
    ...audit,
  });
  return { ok: true, value: { session: { ...found, status: "denied" }, code: null } };
}
