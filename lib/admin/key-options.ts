import { keyOptionsInput, parseDuration, type KeyOptionsInput } from "../keys/options";
import type { KeyOptions } from "../keys/repository";
import { parseScopes } from "../keys/scopes";

type Flags = Record<string, string | true>;

function text(flags: Flags, name: string): string | undefined {
  const v = flags[name];
  if (v === true) throw new Error(`--${name} needs a value`);
  return v?.trim();
}

function positive(flags: Flags, name: string): number | undefined {
  const v = text(flags, name);
  if (v === undefined) return undefined;
  if (!/^\d{1,10}$/.test(v) || Number(v) < 1) throw new Error(`--${name} must be a positive whole number`);
  return Number(v);
}

/** The CLI's key flags, validated by the same schema as the dashboard's create form. */
export function keyOptionsFromFlags(flags: Flags): KeyOptions {
  const input: KeyOptionsInput = {};
  const at = text(flags, "expires-at");
  const inText = text(flags, "expires-in");
  if (at && inText) throw new Error("give --expires-at or --expires-in, not both");
  if (inText) {
    const ms = parseDuration(inText);
    if (!ms) throw new Error("--expires-in must be a duration such as 30d, 12h or 2w");
    input.expiresAt = new Date(Date.now() + ms).toISOString();
  } else if (at) input.expiresAt = at;
  const scopes = text(flags, "scopes");
  if (scopes !== undefined) {
    const parsed = parseScopes(scopes);
    if ("error" in parsed) throw new Error(`--scopes: ${parsed.error}`);
    input.scopes = parsed.scopes;
  }
  input.allowedIps = text(flags, "allow-ip");
  input.rateLimit = positive(flags, "rate-limit");
  input.unitCap = positive(flags, "unit-cap");
  input.note = text(flags, "note");
  const result = keyOptionsInput.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${issue.path.join(".") || "key options"}: ${issue.message}`);
  }
  return result.data;
}

/** One word (and date) for `key list`. */
export function keyStatus(k: {
  revokedAt: Date | null;
  disabledAt: Date | null;
  expiresAt: Date | null;
}): string {
  if (k.revokedAt) return `revoked ${k.revokedAt.toISOString()}`;
  if (k.disabledAt) return `disabled ${k.disabledAt.toISOString()}`;
  if (k.expiresAt && k.expiresAt.getTime() <= Date.now()) return `expired ${k.expiresAt.toISOString()}`;
  if (k.expiresAt) return `active until ${k.expiresAt.toISOString()}`;
  return "active";
}
