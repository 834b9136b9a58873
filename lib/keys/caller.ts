import type { Environment } from "./format";
import type { Scope } from "./scopes";

/**
 * What a restricted key may do, built once when the key is loaded into the cache (lib/keys/verify.ts)
 * so every check on the hot path is an in-memory comparison. null on the caller = unrestricted.
 */
export interface KeyRestrictions {
  /** null = every scope. */
  scopes: ReadonlySet<Scope> | null;
  /** null = any address. */
  allowIp: ((ip: string) => boolean) | null;
  /** Requests per minute for this key (applied when below the plan's). */
  rateLimit: number | null;
  /** Units per calendar month for this key. */
  unitCap: number | null;
}

/** The authenticated caller, resolved from the API key. */
export interface Caller {
  keyId: string;
  accountId: string;
  prefix: string;
  environment: Environment;
  plan: string;
  restrictions: KeyRestrictions | null;
}

/**
 * Why a key did not authenticate; "invalid_secret" and "revoked" resolve to an account. Expired and
 * disabled keys count as "revoked": to the caller they are the same "Invalid API key". An unknown
 * prefix carries the prefix looked up, so the request log need not parse the key again.
 */
export type AuthFailure =
  | { reason: "missing" | "malformed" | "backend_unavailable" | "throttled" }
  | { reason: "unknown_prefix"; prefix?: string }
  | { reason: "invalid_secret" | "revoked"; accountId: string; prefix: string };
