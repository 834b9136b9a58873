import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "../platform/zod";

/**
 * The browser's answers (what @simplewebauthn/browser's startRegistration/startAuthentication
 * return), checked for shape and size before the library reads them: a malformed answer is a
 * 400 or a refused sign-in, never a 500.
 */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "not base64url");
const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;

const common = {
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
  type: z.literal("public-key"),
};

export const registrationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4000).min(1),
    attestationObject: b64url(16000).min(1),
    transports: z.array(z.enum(TRANSPORTS)).max(8).optional(),
  }),
}) satisfies z.ZodType<RegistrationResponseJSON>;

export const authenticationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4000).min(1),
    authenticatorData: b64url(4000).min(1),
    signature: b64url(1000).min(1),
    userHandle: b64url(200).optional(),
  }),
}) satisfies z.ZodType<AuthenticationResponseJSON>;

export const challengeId = z.string().min(10).max(40);
export const PASSKEY_NAME_MAX = 60;
export const passkeyName = z
  .string()
  .trim()
  .min(1, "Give the passkey a name")
  .max(PASSKEY_NAME_MAX, `Use at most ${PASSKEY_NAME_MAX} characters`);

/** Step 2 of adding a passkey (POST /api/dashboard/passkeys), and a rename (PATCH …/[id]). */
export const addPasskeyInput = z.object({ challengeId, response: registrationResponse, name: passkeyName });
export const renamePasskeyInput = z.object({ name: passkeyName });
export type RenamePasskeyInput = z.input<typeof renamePasskeyInput>;

/** An assertion as the sign-in form posts it: one JSON text field (next-auth's credentials). */
export const assertionField = z.object({ challengeId, response: authenticationResponse });
export type Assertion = z.output<typeof assertionField>;

/** The form field's JSON, parsed and checked; null when it is not an assertion. */
export function parseAssertionField(text: string | undefined): Assertion | null {
  if (!text || text.length > 20_000) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = assertionField.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
