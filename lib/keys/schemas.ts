import { z } from "../platform/zod";
import { SCOPES } from "./scope-names";

// The request bodies of the dashboard's key routes (app/api/dashboard/keys), shared with the
// dashboard's hook and dialogs (useKeysQuery.ts, components/keys) for their types and their checks
// before sending. Imports only zod and pure constants (tests/config/schemas.test.ts); the server's
// parsing of what these shapes carry (dates, IP allowlists) is lib/keys/options.ts.

export const KEY_NAME_MAX = 100;
export const KEY_NOTE_MAX = 500;
export const ALLOWED_IPS_MAX = 4000;
export const ENVIRONMENTS = ["live", "test"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const DAY_MS = 86_400_000;

/** Roll grace periods the dashboard offers (the CLI accepts any duration up to 30 days). */
export const GRACE_CHOICES = { now: 0, "1h": 3_600_000, "24h": DAY_MS, "7d": 7 * DAY_MS } as const;
export type GraceChoice = keyof typeof GRACE_CHOICES;

/** Expiry choices at creation: never, 7/30/90 days, or a date (expiresAt). */
export const EXPIRY_CHOICES = {
  never: null,
  "7d": 7 * DAY_MS,
  "30d": 30 * DAY_MS,
  "90d": 90 * DAY_MS,
} as const;

export const keyName = z
  .string()
  .trim()
  .min(1, "Give the key a name, e.g. the app or server that will use it.")
  .max(KEY_NAME_MAX, `The name can be at most ${KEY_NAME_MAX} characters.`);

const positiveInt = (max: number) => z.number().int().positive().max(max).nullable().optional();

/** The restriction fields as the dashboard, the handoff approval and the CLI send them. */
export const keyOptionFields = {
  expiresIn: z.enum(["never", "7d", "30d", "90d"]).optional(),
  /** An ISO date or date-time; a bare date means the end of that day (UTC). */
  expiresAt: z.string().trim().max(40).optional(),
  scopes: z.array(z.enum(SCOPES)).min(1, "Choose at least one scope").optional(),
  allowedIps: z.string().max(ALLOWED_IPS_MAX).optional(),
  rateLimit: positiveInt(1_000_000),
  unitCap: positiveInt(1_000_000_000),
  note: z.string().max(KEY_NOTE_MAX, `Note must be at most ${KEY_NOTE_MAX} characters`).optional(),
};
export const keyOptionsRequest = z.object(keyOptionFields);
export type KeyOptionsInput = z.input<typeof keyOptionsRequest>;

/** Strict: a misplaced field (`scopes` beside `options`) is refused, never dropped into a broader key. */
export const createKeyRequest = z.strictObject({
  name: keyName,
  environment: z.enum(ENVIRONMENTS).default("test"),
  options: keyOptionsRequest.optional(),
});
export type CreateKeyInput = z.input<typeof createKeyRequest>;

/** An edit: every field optional, unknown fields refused, expiry stated one way. */
export const keyPatchRequest = z
  .strictObject({ name: keyName.optional(), ...keyOptionFields })
  .refine((o) => !(o.expiresAt && o.expiresIn), "Give expiresAt or expiresIn, not both");
export type KeyPatchInput = z.input<typeof keyPatchRequest>;

export const rollKeyInput = z.object({
  grace: z.enum(Object.keys(GRACE_CHOICES) as [GraceChoice, ...GraceChoice[]]).default("24h"),
});
export type RollKeyInput = z.input<typeof rollKeyInput>;
