import { z } from "../platform/zod";
import { assertionField } from "../passkeys/schemas";
import { CODE_MAX, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, TOKEN_MAX } from "./limits";

// The account-security request bodies, shared by the routes (app/api/dashboard/reauth, password,
// 2fa) and the dashboard's forms (components/account). Imports only zod and pure modules: the
// forms' bundle must not pull server code (tests/config/schemas.test.ts).

export { CODE_MAX, PASSWORD_MAX };

const password = z.string().min(1, "Enter your password").max(PASSWORD_MAX);
const code = z.string().trim().min(1, "Enter a code").max(CODE_MAX);

/**
 * Proof of identity in the request: the password, a second-factor code, or a fresh passkey
 * assertion (the challenge from POST /api/passkeys/options). One is checked; none is a 400.
 */
export const reauthProof = {
  password: password.optional(),
  code: code.optional(),
  passkey: assertionField.optional(),
};

export const reauthInput = z.object(reauthProof);
export type ReauthInput = z.input<typeof reauthInput>;

// A new password: the password policy (lib/auth/password-policy.ts) names the real limit; this only
// bounds the body.
const newPassword = z.string().max(10_000, `Password must be at most ${PASSWORD_MAX} characters`);
const name = z.string().trim().max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`).optional();

export const passwordChangeInput = z.object({
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
  newPassword,
});
export type PasswordChangeInput = z.input<typeof passwordChangeInput>;

/** Turning two-factor on (the code from the app) or off (a code or a recovery code). */
export const enableTotpInput = z.object({
  code: z.string().trim().min(1, "Enter the code from your app").max(CODE_MAX),
});
export const disableTotpInput = z.object({ code });

/** What one "password or 6-digit code" field means: six digits are a code, anything else a password. */
export const proofOf = (secret: string): ReauthInput =>
  /^\d{6}$/.test(secret.trim()) ? { code: secret.trim() } : { password: secret };

/** An address as typed: trimmed, lower-cased, checked. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address").max(EMAIL_MAX, "Email is too long"));

/** Sign-up with a password (POST /api/signup); the password rule runs after this shape check. */
export const signUpInput = z.object({ email: emailField, password: newPassword, name });
export type SignUpInput = z.output<typeof signUpInput>;

/** Sign-up through an invitation link (POST /api/invitations/signup): the address is the invitation's. */
export const invitationSignUpInput = z.object({
  token: z.string().min(1).max(TOKEN_MAX),
  password: newPassword,
  name,
});
