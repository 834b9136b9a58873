import { keyOptionsInput, keyPatchInput, parseDuration, type KeyPatch } from "./options";
import type { KeyOptionsInput, KeyPatchInput } from "./schemas";
import type { KeyOptions } from "./service";
import { parseScopes, READ_SCOPES } from "./scopes";

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

const CLEARED = "none";

/**
 * `key update` flags: only the stated ones change. "none" clears --allow-ip, --rate-limit,
 * --unit-cap and --note; --scopes all lifts the scope restriction; --no-expiry removes the expiry.
 */
export function keyPatchFromFlags(flags: Flags): KeyPatch {
  const input: KeyPatchInput = {};
  const stated = (name: string) => (name in flags ? (text(flags, name) ?? "") : undefined);
  const expiryFlags = ["expires-at", "expires-in", "no-expiry"].filter((f) => f in flags);
  if (expiryFlags.length > 1) throw new Error("give one of --expires-at, --expires-in, --no-expiry");
  if ("no-expiry" in flags) {
    if (flags["no-expiry"] !== true) throw new Error("--no-expiry takes no value");
    input.expiresIn = "never";
  } else if (expiryFlags.length) {
    const ms = flags["expires-in"] !== undefined ? parseDuration(String(stated("expires-in"))) : undefined;
    if (ms === null || ms === 0) throw new Error("--expires-in must be a duration such as 30d, 12h or 2w");
    input.expiresAt = ms === undefined ? stated("expires-at") : new Date(Date.now() + ms).toISOString();
  }
  const name = stated("name");
  if (name !== undefined) input.name = name;
  const scopes = stated("scopes");
  if (scopes !== undefined) {
    const parsed = parseScopes(scopes.toLowerCase() === "all" ? READ_SCOPES.join(",") : scopes);
    if ("error" in parsed) throw new Error(`--scopes: ${parsed.error}`);
    input.scopes = parsed.scopes;
  }
  const ips = stated("allow-ip");
  if (ips !== undefined) input.allowedIps = ips === CLEARED ? "" : ips;
  for (const [flag, field] of [
    ["rate-limit", "rateLimit"],
    ["unit-cap", "unitCap"],
  ] as const) {
    if (stated(flag) !== undefined) input[field] = stated(flag) === CLEARED ? null : positive(flags, flag);
  }
  const note = stated("note");
  if (note !== undefined) input.note = note === CLEARED ? "" : note;
  if (!Object.keys(input).length) throw new Error("nothing to change: give at least one flag");
  const result = keyPatchInput.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${issue.path.join(".") || "key update"}: ${issue.message}`);
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
