import { ApiError } from "../platform/errors";
import { userRow } from "../accounts/store";
import { clientIpFromChain } from "../platform/client-ip";
import type { Db } from "../platform/db";
import { toSeconds } from "../usage/limiter";
import { verifyPassword } from "./password";
import { throttledSecondFactor, tooManyCodes } from "./second-factor";
import { markSessionReauth, sessionAuthTimes } from "./store/sessions";
import { beginSignIn, signInSucceeded, throttleKeys } from "./throttle";
import { checkSecondFactor } from "./totp";
import { REAUTH_MESSAGE } from "./reauth-message";

export { REAUTH_MESSAGE };

/** The signed-in user as far as re-authentication needs it (lib/auth/session.ts's CurrentUser). */
interface SessionUser {
  id: string;
  email: string;
  sessionId?: string;
}

/**
 * Re-authentication before security changes (two-factor on/off, linking GitHub, changing the
 * password, live keys): the session must have proved the password or a second factor within the
 * last REAUTH_WINDOW_MS (10 min). Signing in counts; so does POST /api/dashboard/reauth.
 */
export const REAUTH_WINDOW_MS = 10 * 60_000;

/** When this session last proved the user's identity, or null. */
export async function lastAuthenticatedAt(db: Db, sessionId: string | undefined): Promise<Date | null> {
  if (!sessionId) return null;
  const row = await sessionAuthTimes(db, sessionId);
  if (!row) return null;
  return row.reauthAt && row.reauthAt > row.createdAt ? row.reauthAt : row.createdAt;
}

export async function recentlyAuthenticated(db: Db, sessionId: string | undefined, now = Date.now()) {
  const at = await lastAuthenticatedAt(db, sessionId);
  return at !== null && now - at.getTime() < REAUTH_WINDOW_MS;
}

/** Throws 403 FORBIDDEN (REAUTH_MESSAGE) unless this session re-authenticated recently. */
export async function requireRecentAuth(db: Db, user: SessionUser): Promise<void> {
  if (!(await recentlyAuthenticated(db, user.sessionId))) throw new ApiError("FORBIDDEN", REAUTH_MESSAGE);
}

/** Records a successful re-authentication on this session. */
export async function markReauthenticated(db: Db, sessionId: string | undefined): Promise<Date> {
  const now = new Date();
  if (sessionId) await markSessionReauth(db, sessionId, now);
  return now;
}

/**
 * Checks the password (under the sign-in throttle, as a sign-in would be) or a second-factor code
 * (under the per-user code throttle); throws 429 RATE_LIMITED or 400 INVALID_PARAMETER when it
 * fails, and records the re-authentication on this session when it holds.
 */
export async function proveIdentity(
  db: Db,
  user: SessionUser,
  proof: { password?: string; code?: string },
  forwardedFor: string | null,
): Promise<Date> {
  if (proof.password !== undefined) {
    const row = await userRow(db, user.id);
    if (!row?.passwordHash)
      throw new ApiError("INVALID_PARAMETER", "This account has no password: use a code");
    const keys = throttleKeys(user.email, forwardedFor);
    const attempt = await beginSignIn(keys);
    if (!attempt.allowed) {
      const seconds = toSeconds(attempt.retryAfterMs);
      throw new ApiError("RATE_LIMITED", `Too many password attempts. Try again in ${seconds} s.`, {
        "Retry-After": String(seconds),
      });
    }
    if (!(await verifyPassword(proof.password, row.passwordHash, clientIpFromChain(forwardedFor))))
      throw new ApiError("INVALID_PARAMETER", "That password is not correct");
    await signInSucceeded(keys);
  } else if (proof.code !== undefined) {
    const code = proof.code;
    const result = await throttledSecondFactor(user.id, () => checkSecondFactor(db, user.id, code));
    if ("retryAfterMs" in result) throw tooManyCodes(result.retryAfterMs);
    if (!result.ok) throw new ApiError("INVALID_PARAMETER", "That code is not valid");
  } else throw new ApiError("INVALID_PARAMETER", "Send your password or an authentication code");
  return markReauthenticated(db, user.sessionId);
}
