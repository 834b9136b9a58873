import { z } from "zod";
import type { KeyOptions } from "./service";
import { parseAllowlist, SCOPES } from "./scopes";

const DAY_MS = 86_400_000;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS, w: 7 * DAY_MS };

/** "0", "90s", "15m", "1h", "7d", "2w" -> milliseconds; null when not a duration. */
export function parseDuration(raw: string): number | null {
  const m = /^(\d{1,6})([smhdw]?)$/.exec(raw.trim().toLowerCase());
  if (!m) return null;
  const n = Number(m[1]);
  if (!m[2]) return n === 0 ? 0 : null;
  return n * UNIT_MS[m[2]];
}

/** Roll grace periods the dashboard offers (the CLI accepts any duration up to 30 days). */
export const GRACE_CHOICES = { now: 0, "1h": 3_600_000, "24h": DAY_MS, "7d": 7 * DAY_MS } as const;
export type GraceChoice = keyof typeof GRACE_CHOICES;
export const MAX_GRACE_MS = 30 * DAY_MS;

/** Expiry choices at creation: never, 7/30/90 days, or a date (expiresAt). */
export const EXPIRY_CHOICES = {
  never: null,
  "7d": 7 * DAY_MS,
  "30d": 30 * DAY_MS,
  "90d": 90 * DAY_MS,
} as const;

const positiveInt = (max: number) => z.number().int().positive().max(max).nullable().optional();

/** The restriction fields as the dashboard, the handoff approval and the CLI send them. */
const optionFields = {
  expiresIn: z.enum(["never", "7d", "30d", "90d"]).optional(),
  /** An ISO date or date-time; a bare date means the end of that day (UTC). */
  expiresAt: z.string().trim().max(40).optional(),
  scopes: z.array(z.enum(SCOPES)).min(1, "Choose at least one scope").optional(),
  allowedIps: z.string().max(4000).optional(),
  rateLimit: positiveInt(1_000_000),
  unitCap: positiveInt(1_000_000_000),
  note: z.string().max(500, "Note must be at most 500 characters").optional(),
};
type OptionFields = z.output<z.ZodObject<typeof optionFields>>;

/**
 * The options a request states, and only those (an edit keeps what it does not mention); null
 * after ctx.addIssue. Expiry is stated by expiresIn or expiresAt.
 */
function statedOptions(o: OptionFields, ctx: z.RefinementCtx): KeyOptions | null {
  const out: KeyOptions = {};
  if (o.expiresAt) {
    const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(o.expiresAt) ? `${o.expiresAt}T23:59:59Z` : o.expiresAt);
    if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
      ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "Expiry must be a date in the future" });
      return null;
    }
    out.expiresAt = at;
  } else if (o.expiresIn) {
    const ms = EXPIRY_CHOICES[o.expiresIn];
    out.expiresAt = ms === null ? null : new Date(Date.now() + ms);
  }
  if (o.allowedIps !== undefined) {
    const ips = parseAllowlist(o.allowedIps);
    if ("error" in ips) {
      ctx.addIssue({ code: "custom", path: ["allowedIps"], message: ips.error });
      return null;
    }
    out.allowedIps = ips.cidrs;
  }
  if (o.scopes !== undefined) out.scopes = o.scopes;
  if (o.rateLimit !== undefined) out.rateLimit = o.rateLimit;
  if (o.unitCap !== undefined) out.unitCap = o.unitCap;
  if (o.note !== undefined) out.note = o.note;
  return out;
}

/**
 * Key restrictions at creation (dashboard, handoff approval, CLI): one validation for every edge.
 * What is not stated is unrestricted.
 */
export const keyOptionsInput = z.object(optionFields).transform((o, ctx): KeyOptions => {
  const stated = statedOptions(o, ctx);
  if (!stated) return z.NEVER;
  return {
    expiresAt: null,
    scopes: null,
    allowedIps: null,
    rateLimit: null,
    unitCap: null,
    note: null,
    ...stated,
  };
});

export type KeyOptionsInput = z.input<typeof keyOptionsInput>;

/** What an edit may change; every field optional, unknown fields refused. */
export interface KeyPatch extends KeyOptions {
  name?: string;
}

/** An edit (dashboard PATCH, `admin key update`): only the stated fields change. */
export const keyPatchInput = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, "Name is required")
      .max(100, "Name must be at most 100 characters")
      .optional(),
    ...optionFields,
  })
  .refine((o) => !(o.expiresAt && o.expiresIn), "Give expiresAt or expiresIn, not both")
  .transform((o, ctx): KeyPatch => {
    const stated = statedOptions(o, ctx);
    if (!stated) return z.NEVER;
    return o.name === undefined ? stated : { name: o.name, ...stated };
  });

export type KeyPatchInput = z.input<typeof keyPatchInput>;
