import type { z } from "zod";
import { recordAudit, type AuditContext } from "../audit/store";
import type { Db } from "../platform/db";
import { accountKeyRefusal, createApiKey, revokeApiKey } from "../keys/service";
import { scopesOf } from "../keys/scopes";
import type { Environment } from "../keys/format";
import { sha256Hex } from "./codes";
import { handoffConfig } from "./config";
import { HandoffError, invalidGrant } from "./errors";
import { verifierMatches } from "./pkce";
import {
  claimHandoffCode,
  countHandoffFailure,
  handoffByCodeHash,
  handoffById,
  transitionHandoff,
  updateHandoff,
  type HandoffSessionRow,
} from "./store";
import type { issuedKey } from "./schemas";

export type IssuedKey = z.output<typeof issuedKey>;

const DEAD =
  "This handoff was cancelled (too many wrong code_verifier attempts or a replayed code); start a new one";

/** Step 4, loopback and paste modes: trade the authorization code + verifier for the key. */
export async function exchangeCode(
  db: Db,
  code: string,
  verifier: string,
  audit: AuditContext,
): Promise<IssuedKey> {
  const session = await handoffByCodeHash(db, sha256Hex(code));
  if (!session) throw invalidGrant("Invalid authorization code");
  // Checked before the verifier (RFC 6749 §4.1.2): whoever replays a used code gets nothing.
  // The key issued on first use is revoked only when the replay also carries the right verifier
  // (the code and the verifier have both leaked); a replay with a wrong one proves nothing and
  // must not let anyone who saw a used code revoke someone else's key.
  if (session.codeUsedAt) return replayed(db, session, verifier, audit);
  if (session.status === "dead") throw invalidGrant(DEAD);
  await checkVerifier(db, session, verifier);
  if (!session.codeExpiresAt || session.codeExpiresAt <= new Date()) {
    throw invalidGrant("Authorization code expired; start a new handoff");
  }
  return issue(db, session, audit);
}

/** Step 4, poll mode (RFC 8628 §3.5 answers): the session id + verifier stand in for the code. */
export async function pollSession(
  db: Db,
  sessionId: string,
  verifier: string,
  audit: AuditContext,
): Promise<IssuedKey> {
  const session = await handoffById(db, sessionId);
  if (!session) throw invalidGrant("Unknown session");
  if (session.status === "exchanged") return replayed(db, session, verifier, audit);
  if (session.status === "dead") throw invalidGrant(DEAD);
  await checkVerifier(db, session, verifier);
  const now = new Date();
  if (session.status === "denied")
    throw new HandoffError("access_denied", "The request was denied in the browser");
  if (session.status === "approved") {
    if (!session.codeExpiresAt || session.codeExpiresAt <= now)
      throw new HandoffError(
        "expired_token",
        "The approval expired before it was collected; start a new handoff",
      );
    return issue(db, session, audit);
  }
  if (session.expiresAt <= now)
    throw new HandoffError(
      "expired_token",
      "The request expired before anyone approved it; start a new handoff",
    );
  await pace(db, session, now);
  throw new HandoffError("authorization_pending", "Waiting for approval in the browser", {
    interval: session.pollInterval,
  });
}

/** RFC 8628 §3.5 slow_down: polling before `interval` has passed adds 5 s to it, for good. */
async function pace(db: Db, session: HandoffSessionRow, now: Date) {
  const tolerance = 200; // timers and clocks jitter; a client that sleeps `interval` is never penalized
  const tooSoon =
    session.lastPolledAt &&
    now.getTime() - session.lastPolledAt.getTime() < session.pollInterval * 1000 - tolerance;
  const interval = tooSoon ? session.pollInterval + 5 : session.pollInterval;
  await updateHandoff(db, session.id, { lastPolledAt: now, pollInterval: interval });
  if (tooSoon)
    throw new HandoffError("slow_down", `Polling too fast; wait ${interval} s between requests`, {
      interval,
    });
}

async function checkVerifier(db: Db, session: HandoffSessionRow, verifier: string) {
  if (verifierMatches(verifier, session.codeChallenge)) return;
  const failures = await countHandoffFailure(db, session.id);
  if (failures >= handoffConfig.maxFailedAttempts) {
    await transitionHandoff(db, session.id, ["pending", "approved"], { status: "dead" });
    throw invalidGrant("code_verifier does not match; too many wrong attempts, so this handoff is cancelled");
  }
  throw invalidGrant("code_verifier does not match the code_challenge");
}

async function issue(db: Db, session: HandoffSessionRow, audit: AuditContext): Promise<IssuedKey> {
  const now = new Date();
  // The approval asked the issuing policy (lib/keys/issuing.ts); the account may have been
  // suspended since.
  const scopes = session.keyScopes === null ? null : scopesOf(session.keyScopes);
  const refused = session.accountId ? await accountKeyRefusal(db, session.accountId, scopes) : null;
  if (refused) throw new HandoffError("access_denied", refused);
  if (!(await claimHandoffCode(db, session.id, now))) {
    // Lost the race to a concurrent exchange of the same code: that is a replay too.
    return replayed(db, (await handoffById(db, session.id)) ?? session, null, audit);
  }
  if (!session.accountId || !session.approvedById) throw new Error("approved handoff without an account");
  const environment: Environment = session.environment === "live" ? "live" : "test";
  const { record, key } = await createApiKey(
    db,
    {
      accountId: session.accountId,
      name: session.keyName,
      environment,
      createdById: session.approvedById,
      source: "agent",
      options: {
        scopes,
        expiresAt: session.keyExpiresDays
          ? new Date(now.getTime() + session.keyExpiresDays * 86_400_000)
          : null,
      },
    },
    audit,
  );
  await updateHandoff(db, session.id, { apiKeyId: record.id });
  // A replay that slipped in between the claim and the line above could not see apiKeyId yet;
  // it marked the session dead instead, so revoke here and refuse this exchange as well.
  const after = await handoffById(db, session.id);
  if (after?.status !== "exchanged") {
    await revokeApiKey(db, { id: record.id }, null, audit);
    throw invalidGrant("Authorization code already used");
  }
  await recordAudit(db, {
    accountId: session.accountId,
    actorUserId: session.approvedById,
    action: "handoff.exchanged",
    targetType: "handoff_session",
    targetId: session.id,
    detail: `"${session.clientName}" received ${record.prefix} "${record.name}" (${environment})`,
    ...audit,
  });
  return { api_key: key, key_id: record.id, prefix: record.prefix, name: record.name, environment };
}

/** A used code (or collected session) again; `verifier` null: our own verified, racing exchange. */
async function replayed(
  db: Db,
  session: HandoffSessionRow,
  verifier: string | null,
  audit: AuditContext,
): Promise<never> {
  if (verifier !== null && !verifierMatches(verifier, session.codeChallenge))
    throw invalidGrant("Authorization code already used");
  await updateHandoff(db, session.id, { status: "dead" });
  const current = await handoffById(db, session.id);
  const keyId = current?.apiKeyId ?? session.apiKeyId;
  if (keyId) await revokeApiKey(db, { id: keyId }, null, audit);
  if (session.accountId) {
    await recordAudit(db, {
      accountId: session.accountId,
      actorUserId: null,
      action: "handoff.replayed",
      targetType: "handoff_session",
      targetId: session.id,
      detail: `authorization code for "${session.clientName}" used twice; ${keyId ? "its key was revoked" : "no key had been issued"}`,
      ...audit,
    });
  }
  throw invalidGrant("Authorization code already used; the key issued with it has been revoked");
}
