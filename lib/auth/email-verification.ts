import { createHash, randomBytes } from "node:crypto";
import { ApiError } from "../platform/errors";
import { updateUser, userRow } from "../accounts/store";
import { recordAudit } from "../audit/store";
import { envStrOpt } from "../platform/config";
import type { Db } from "../platform/db";
import { logError } from "../platform/log";
import { mailConfigured, sendMail, type Delivery } from "../mail";
import {
  deleteUnusedVerificationTokens,
  replaceVerificationToken,
  spendVerificationToken,
  verificationTokenWithUser,
} from "./store/tokens";

/**
 * Email verification by emailed link (the password reset's pattern, lib/auth/password-reset.ts):
 * the token (32 random bytes) is only ever in the email; the table keeps its SHA-256 and the
 * address it was sent to. A link works once, for VERIFY_TTL_MS (24 h), and only the newest one of
 * a user. Without SMTP_URL no link exists at all (a token is never logged): an operator verifies
 * the address with `admin user verify --email <address>` (lib/auth/cli.ts).
 */
export const VERIFY_TTL_MS = 24 * 3_600_000;
export const VERIFY_PATH = "/verify-email";
/** "Send a new link" per user: 3 at once, then one per 20 minutes (no mailbox flooding). */
export const RESEND_RULE = { burst: 3, intervalMs: 20 * 60_000 };

export const UNVERIFIED_LIVE_KEY_MESSAGE =
  "Verify your email address before creating live keys: open the link we emailed you, or send a new one from the banner on the dashboard. Test keys work meanwhile.";

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Why a link was refused; each has its own message (VERIFY_REFUSALS). */
export type VerifyRefusal = "invalid" | "used" | "expired" | "wrong_account" | "email_changed";

export const VERIFY_REFUSALS: Record<VerifyRefusal, string> = {
  invalid:
    "This verification link is not valid, or a newer one replaced it. Send a new one from the dashboard.",
  used: "This verification link was already used. Your address is verified if you followed it before.",
  expired: "This verification link has expired (links work for 24 hours). Send a new one from the dashboard.",
  wrong_account:
    "This verification link belongs to another account. Sign out, then open the link again (or sign in as that account).",
  email_changed: "This verification link was sent to an address this account no longer uses.",
};

export type VerifyResult =
  { ok: true; email: string; already: boolean } | { ok: false; reason: VerifyRefusal };

/** Whether the user's address is verified (false for an unknown user). */
export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  return Boolean((await userRow(db, userId))?.emailVerified);
}

/**
 * Throws 403 FORBIDDEN with `message` unless the user's address is verified: live keys now,
 * accepting invitations to other workspaces later.
 */
export async function requireVerifiedEmail(
  db: Db,
  userId: string,
  message = UNVERIFIED_LIVE_KEY_MESSAGE,
): Promise<void> {
  if (!(await isEmailVerified(db, userId))) throw new ApiError("FORBIDDEN", message);
}

/**
 * Mails a new verification link to the user (replacing any older one). "not_configured" without
 * SMTP_URL: nothing is created or logged. `baseUrl` is NEXTAUTH_URL, never the request's Host.
 */
export async function sendVerification(
  db: Db,
  userId: string,
  baseUrl: string,
  now = Date.now(),
): Promise<Delivery | "not_configured" | "already_verified" | "no_user"> {
  if (!mailConfigured()) return "not_configured";
  const user = await userRow(db, userId);
  if (!user) return "no_user";
  if (user.emailVerified) return "already_verified";
  const token = randomBytes(32).toString("base64url");
  await replaceVerificationToken(db, {
    userId,
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now + VERIFY_TTL_MS),
  });
  return sendMail({
    to: user.email,
    subject: "Verify your email for Statline",
    text: [
      "Confirm that this address belongs to your Statline account by opening this link within",
      "24 hours (it works once):",
      `${baseUrl}${VERIFY_PATH}?token=${token}`,
      "",
      "Until then you can use test keys; live keys need a verified address.",
      "If you did not create a Statline account, ignore this message.",
    ].join("\n"),
  });
}

/**
 * Spends a link's token and marks the address verified. `signedInUserId` is the browser's session
 * (null when signed out: the link alone proves the mailbox); a session of another user is refused,
 * so nobody verifies an account they are not signed in to by mistake.
 */
export async function verifyEmail(
  db: Db,
  token: string,
  signedInUserId: string | null,
  origin: { ip: string | null; userAgent: string | null },
  now = Date.now(),
): Promise<VerifyResult> {
  if (token.length < 20 || token.length > 100) return { ok: false, reason: "invalid" };
  const tokenHash = hashToken(token);
  const row = await verificationTokenWithUser(db, tokenHash);
  if (!row) return { ok: false, reason: "invalid" };
  if (signedInUserId && signedInUserId !== row.userId) return { ok: false, reason: "wrong_account" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expiresAt.getTime() <= now) return { ok: false, reason: "expired" };
  if (row.user.email !== row.email) return { ok: false, reason: "email_changed" };
  // Checked and spent in one UPDATE: two clicks racing spend it once.
  if (!(await spendVerificationToken(db, tokenHash, new Date(now)))) return { ok: false, reason: "used" };
  const already = Boolean(row.user.emailVerified);
  if (!already)
    await markVerified(
      db,
      { id: row.userId, accountId: row.user.accountId },
      {
        how: "by the emailed link",
        actorUserId: row.userId,
        origin,
        now,
      },
    );
  return { ok: true, email: row.email, already };
}

/** Sets emailVerified and records it (the link, the operator CLI, a password reset by mail). */
export async function markVerified(
  db: Db,
  user: { id: string; accountId: string },
  by: {
    how: string;
    actorUserId: string | null;
    origin: { ip: string | null; userAgent?: string | null };
    now?: number;
  },
): Promise<void> {
  const userId = user.id;
  const now = by.now ?? Date.now();
  await db.$transaction(async (tx) => {
    await updateUser(tx, userId, { emailVerified: new Date(now) });
    await deleteUnusedVerificationTokens(tx, userId);
    await recordAudit(tx, {
      ...by.origin,
      accountId: user.accountId,
      actorUserId: by.actorUserId,
      action: "account.email_verified",
      targetType: "user",
      targetId: userId,
      detail: by.how,
    });
  });
}

/** The links' origin: NEXTAUTH_URL only, never a request's Host (lib/auth/password-reset.ts). */
export const mailLinkBase = (): string | null => envStrOpt("NEXTAUTH_URL")?.replace(/\/+$/, "") || null;

/** Sends the sign-up's verification mail without holding the response; failures are logged. */
export function mailVerificationInBackground(db: Db, userId: string): void {
  if (!mailConfigured()) return;
  const base = mailLinkBase();
  if (!base) {
    logError("verification mail not sent", new Error("SMTP_URL is set but NEXTAUTH_URL is not"));
    return;
  }
  void sendVerification(db, userId, base).catch((err: unknown) => logError("verification mail failed", err));
}
