import { z } from "zod";
import type { KeyOptions } from "./service";
import { parseAllowlist } from "./scopes";
import {
  createKeyRequest,
  EXPIRY_CHOICES,
  type keyOptionFields,
  keyOptionsRequest,
  keyPatchRequest,
} from "./schemas";

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

/** The CLI's longest roll grace. */
export const MAX_GRACE_MS = 30 * DAY_MS;

type OptionFields = z.output<z.ZodObject<typeof keyOptionFields>>;

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
export const keyOptionsInput = keyOptionsRequest.transform((o, ctx): KeyOptions => {
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

/** What an edit may change; every field optional, unknown fields refused. */
export interface KeyPatch extends KeyOptions {
  name?: string;
}

/** An edit (dashboard PATCH, `admin key update`): only the stated fields change. */
export const keyPatchInput = keyPatchRequest.transform((o, ctx): KeyPatch => {
  const stated = statedOptions(o, ctx);
  if (!stated) return z.NEVER;
  return o.name === undefined ? stated : { name: o.name, ...stated };
});

/** A new key as the dashboard posts it, its options parsed (lib/keys/schemas.ts's createKeyRequest). */
export const createKeyInput = createKeyRequest.extend({ options: keyOptionsInput.optional() });
