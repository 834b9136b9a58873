import { db } from "../db";
import { HashBusyError, verifyPassword } from "./password";
import { signInRefusal } from "./refusal";
import { checkSecondFactor } from "./totp";
import { beginSignIn, signInSucceeded, throttleKeys } from "./throttle";

type Credentials = Record<string, string> | undefined;
type AuthRequest = { headers?: Record<string, unknown> } | undefined;

/**
 * The credentials provider's check: throttle first (a locked account or IP costs no hash), then
 * the password, then the second factor when the user has one. Refusals are thrown: next-auth puts the message in ?error= and
 * app/api/auth/[...nextauth] answers 429/503 (lib/auth/refusal.ts).
 */
export async function authorizeCredentials(credentials: Credentials, req: AuthRequest) {
  const email = credentials?.email?.trim().toLowerCase();
  const password = credentials?.password ?? "";
  if (!email || !password || email.length > 254 || password.length > 200) return null;
  const forwardedFor = req?.headers?.["x-forwarded-for"];
  const keys = throttleKeys(email, typeof forwardedFor === "string" ? forwardedFor : null);
  const attempt = await beginSignIn(keys);
  if (!attempt.allowed) throw new Error(signInRefusal("throttled", attempt.retryAfterMs));
  const user = await db.user.findUnique({ where: { email } });
  let ok: boolean;
  try {
    ok = await verifyPassword(password, user?.passwordHash);
  } catch (err) {
    if (err instanceof HashBusyError) throw new Error(signInRefusal("busy", 1000), { cause: err });
    throw err;
  }
  if (!ok || !user) return null;
  if (user.totpEnabledAt) {
    // The password was right; the form now asks for the code (GitHub and Stripe do the same).
    const otp = credentials?.otp?.trim() ?? "";
    if (!otp) throw new Error("TwoFactorRequired");
    if (!(await checkSecondFactor(db, user.id, otp))) throw new Error("TwoFactorInvalid");
  }
  await signInSucceeded(keys);
  return { id: user.id, email: user.email, name: user.name };
}
