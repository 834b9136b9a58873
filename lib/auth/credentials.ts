import { clientIpFromChain } from "../platform/client-ip";
import { userRow, userRowByEmail } from "../accounts/store";
import { db } from "../platform/db";
import { verifyAssertion } from "../passkeys/authenticate";
import { parseAssertionField } from "../passkeys/schemas";
import { openGitHubTicket } from "./github-2fa";
import { HashBusyError, verifyPassword } from "./password";
import { EMAIL_MAX, PASSWORD_MAX } from "./limits";
import { ssoRequiredFor } from "./oidc";
import { signInRefusal } from "./refusal";
import { throttledSecondFactor } from "./second-factor";
import { checkSecondFactor } from "./totp";
import { beginSignIn, signInSucceeded, throttleKeys } from "./throttle";

type Credentials = Record<string, string> | undefined;
type AuthRequest = { headers?: Record<string, unknown> } | undefined;

/** The error value the sign-in form reads for an address that must use single sign-on. */
export const SSO_REQUIRED = "SsoRequired";

/**
 * The second factor of a user whose first factor held: a TOTP or recovery code, or one of the
 * user's own passkeys (`passkey`: the assertion's JSON); throws what the sign-in form reads.
 */
async function requireSecondFactor(userId: string, otp: string, passkey?: string): Promise<void> {
  // The password was right; the form now asks for the code (GitHub and Stripe do the same).
  if (!otp && !passkey) throw new Error("TwoFactorRequired");
  const assertion = passkey ? parseAssertionField(passkey) : null;
  const check = passkey
    ? async () => Boolean(assertion && (await verifyAssertion(db, assertion, userId)).ok)
    : () => checkSecondFactor(db, userId, otp);
  const result = await throttledSecondFactor(userId, check);
  if ("retryAfterMs" in result) throw new Error(signInRefusal("throttled", result.retryAfterMs));
  if (!result.ok) throw new Error(passkey ? "PasskeyInvalid" : "TwoFactorInvalid");
}

/**
 * The passkey provider's check: a discoverable credential's answer names its user. A passkey is
 * both factors at once (the device, and the PIN or biometric its user verification required), so
 * no code follows; an address that must use SSO is refused as its password would be.
 */
export async function authorizePasskey(credentials: Credentials) {
  const assertion = parseAssertionField(credentials?.assertion);
  if (!assertion) throw new Error("PasskeyInvalid");
  const result = await verifyAssertion(db, assertion);
  if (!result.ok) throw new Error("PasskeyInvalid");
  const user = await userRow(db, result.userId);
  if (!user) throw new Error("PasskeyInvalid");
  if (ssoRequiredFor(user.email)) throw new Error(SSO_REQUIRED);
  return { id: user.id, email: user.email, name: user.name };
}

/**
 * The credentials provider's check: throttle first (a locked account or IP costs no hash), then
 * the password, then the second factor when the user has one. A GitHub sign-in of a user with
 * two-factor comes back here with its sealed ticket (lib/auth/github-2fa.ts) instead of a password.
 * Refusals are thrown: next-auth puts the message in ?error= and app/api/auth/[...nextauth]
 * answers 429/503 (lib/auth/refusal.ts).
 */
export async function authorizeCredentials(credentials: Credentials, req: AuthRequest) {
  const otp = credentials?.otp?.trim() ?? "";
  if (credentials?.ticket) {
    const userId = openGitHubTicket(credentials.ticket);
    const user = userId ? await userRow(db, userId) : null;
    if (!user?.totpEnabledAt) return null;
    await requireSecondFactor(user.id, otp, credentials.passkey);
    return { id: user.id, email: user.email, name: user.name };
  }
  const email = credentials?.email?.trim().toLowerCase();
  const password = credentials?.password ?? "";
  if (!email || !password || email.length > EMAIL_MAX || password.length > PASSWORD_MAX) return null;
  // A domain that must use SSO (OIDC_REQUIRED_DOMAINS): refused before any counting or hashing.
  if (ssoRequiredFor(email)) throw new Error(SSO_REQUIRED);
  const forwardedFor = req?.headers?.["x-forwarded-for"];
  const chain = typeof forwardedFor === "string" ? forwardedFor : null;
  const keys = throttleKeys(email, chain);
  const attempt = await beginSignIn(keys);
  if (!attempt.allowed) throw new Error(signInRefusal("throttled", attempt.retryAfterMs));
  const user = await userRowByEmail(db, email);
  let ok: boolean;
  try {
    ok = await verifyPassword(password, user?.passwordHash, clientIpFromChain(chain));
  } catch (err) {
    if (err instanceof HashBusyError) throw new Error(signInRefusal("busy", 1000), { cause: err });
    throw err;
  }
  if (!ok || !user) return null;
  if (user.totpEnabledAt) await requireSecondFactor(user.id, otp, credentials?.passkey);
  await signInSucceeded(keys);
  return { id: user.id, email: user.email, name: user.name };
}
