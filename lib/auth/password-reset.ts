import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "../audit/store";
import { updateUser, userRowByEmail } from "../accounts/store";
import type { Db } from "../platform/db";
import { sendMail, type Delivery } from "../mail";
import { markVerified } from "./email-verification";
import { hashPassword } from "./password";
import { endOtherSessions } from "./sessions";
import { replaceResetToken, resetTokenWithUser, spendResetToken } from "./store/tokens";

/**
 * Password reset by emailed link. The token (32 random bytes) is only ever in the email; the
 * table keeps its SHA-256. A link works once (usedAt is set in the same UPDATE that checks it),
 * for RESET_TTL_MS (30 min), and only the newest one for a user; using it ends every session.
 */
export const RESET_TTL_MS = 30 * 60_000;
export const RESET_PATH = "/reset-password";

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * Mails a reset link to the user with this email, if there is one (the caller answers the same
 * either way). `baseUrl` is NEXTAUTH_URL, never the request's Host (a forged Host would send the
 * victim a link to the attacker's site).
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  baseUrl: string,
  now = Date.now(),
): Promise<Delivery | "no_user"> {
  const user = await userRowByEmail(db, email);
  if (!user) return "no_user";
  const token = randomBytes(32).toString("base64url");
  await replaceResetToken(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now + RESET_TTL_MS),
  });
  const link = `${baseUrl}${RESET_PATH}?token=${token}`;
  return sendMail({
    to: user.email,
    subject: "Reset your Statline password",
    text: [
      "Someone asked to reset the password of your Statline account.",
      "",
      `To choose a new password, open this link within 30 minutes (it works once):`,
      link,
      "",
      "If it was not you, ignore this message: your password stays as it is.",
    ].join("\n"),
  });
}

/** The user a live (unused, unexpired) token belongs to, without spending it. */
export async function resetTokenUser(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<{ id: string; email: string; name: string | null } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const row = await resetTokenWithUser(db, hashToken(token));
  return row && !row.usedAt && row.expiresAt.getTime() > now ? row.user : null;
}

/**
 * Spends the token and sets the new password (already checked against the policy); ends every
 * session of the user. False when the token is unknown, used or expired.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  origin: { ip: string | null; userAgent: string | null },
  now = Date.now(),
): Promise<boolean> {
  const userId = (await resetTokenUser(db, token, now))?.id;
  if (!userId) return false;
  const passwordHash = await hashPassword(password, origin.ip);
  if (!(await spendResetToken(db, hashToken(token), new Date(now)))) return false;
  const user = await updateUser(db, userId, { passwordHash });
  // The link reached the account's mailbox: that verifies the address too.
  if (!user.emailVerified)
    await markVerified(db, user, { how: "by a password reset link", actorUserId: userId, origin, now });
  const ended = await endOtherSessions(db, userId, null);
  await recordAudit(db, {
    ...origin,
    accountId: user.accountId,
    actorUserId: userId,
    action: "password.reset",
    targetType: "user",
    targetId: userId,
    detail: `${ended} sessions ended`,
  });
  return true;
}
