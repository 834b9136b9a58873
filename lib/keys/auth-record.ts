import type { Db } from "../platform/db";
import type { Caller, KeyRestrictions } from "./caller";
import { allowlistMatcher, scopesOf } from "./scopes";
import { keyForAuth } from "./store";

export interface AuthKeyRecord {
  caller: Caller;
  secretHash: string;
  revoked: boolean;
  /** Disabled (reversible); judged like a revoked key. */
  disabled: boolean;
  /** The account is suspended by an operator (lib/operator/suspension.ts); judged like a revoked key. */
  suspended: boolean;
  /** ms since epoch, or null: compared with the clock on every request, so expiry needs no event. */
  expiresAt: number | null;
}

/** Parsed once per cache load: the hot path only compares. */
export function restrictionsOf(row: {
  scopes: string | null;
  allowedIps: string | null;
  rateLimit: number | null;
  unitCap: number | null;
}): KeyRestrictions | null {
  if (row.scopes === null && row.allowedIps === null && row.rateLimit === null && row.unitCap === null)
    return null;
  return {
    scopes: row.scopes === null ? null : new Set(scopesOf(row.scopes)),
    allowIp: row.allowedIps === null ? null : allowlistMatcher(row.allowedIps),
    rateLimit: row.rateLimit,
    unitCap: row.unitCap,
  };
}

/** The one query of key authentication: what verifying a key needs, by its prefix. */
export async function findKeyForAuth(db: Db, prefix: string): Promise<AuthKeyRecord | null> {
  const row = await keyForAuth(db, prefix);
  if (!row) return null;
  return {
    caller: {
      keyId: row.id,
      accountId: row.accountId,
      prefix,
      environment: row.environment === "live" ? "live" : "test",
      plan: row.account.plan,
      restrictions: restrictionsOf(row),
    },
    secretHash: row.secretHash,
    revoked: row.revokedAt !== null,
    disabled: row.disabledAt !== null,
    suspended: row.account.suspendedAt !== null,
    expiresAt: row.expiresAt?.getTime() ?? null,
  };
}
