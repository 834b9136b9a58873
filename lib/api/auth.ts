import { db } from "../db";
import { withTimeout } from "../timeout";
import { KEY_PATTERN, secretMatches, splitKey } from "../keys/format";
import { onKeyRevoked } from "../keys/repository";
import { startRevocationSync } from "../keys/revocations";
import { metrics } from "../metrics";
import { redisConfigured } from "../redis";
import { ApiError, MESSAGES } from "./errors";
import type { ApiRequest, Caller } from "./types";

/** Why authentication failed; "invalid_secret" and "revoked" resolve to an account. */
export type AuthFailure =
  | { reason: "missing" | "malformed" | "unknown_prefix" | "backend_unavailable" }
  | { reason: "invalid_secret" | "revoked"; accountId: string; prefix: string };

export type AuthResult = { ok: true; caller: Caller } | { ok: false; error: ApiError; failure: AuthFailure };

const keyRequired = (reason: "missing" | "malformed"): AuthResult => ({
  ok: false,
  error: new ApiError("UNAUTHORIZED", MESSAGES.keyRequired),
  failure: { reason },
});

/**
 * Reads the key from X-API-Key or Authorization: Bearer. When both are sent they must carry
 * the same key; two different keys are ambiguous and treated as malformed (documented in docs/api.md).
 */
export function extractKey(req: ApiRequest): { key: string } | { error: "missing" | "malformed" } {
  const raw = req.header("x-api-key");
  const auth = req.header("authorization");
  if (raw === undefined && auth === undefined) return { error: "missing" };
  let bearer: string | undefined;
  if (auth !== undefined) {
    const match = /^Bearer ([^\s,]+)$/i.exec(auth.trim());
    if (!match) return { error: "malformed" };
    bearer = match[1];
  }
  const candidate = raw !== undefined ? raw.trim() : bearer!;
  if (bearer !== undefined && raw !== undefined && bearer !== candidate) return { error: "malformed" };
  return KEY_PATTERN.test(candidate) ? { key: candidate } : { error: "malformed" };
}

interface CachedKey {
  caller: Caller;
  secretHash: string;
  revoked: boolean;
}
type CacheEntry = { value: CachedKey | null; expiresAt: number };

/**
 * Verified keys are cached so a known key costs no query. Single instance: the TTL (900 ms)
 * bounds revocation lag by itself. Scale-out (REDIS_URL): revocations are pushed and polled
 * (lib/keys/revocations.ts), so the TTL may be long; it then only bounds plan changes.
 */
const SHORT_TTL_MS = 900;
const TTL_MS = Number(process.env.KEY_CACHE_TTL_MS ?? (redisConfigured() ? 30_000 : SHORT_TTL_MS));
const DB_TIMEOUT_MS = Number(process.env.AUTH_DB_TIMEOUT_MS ?? 800);
/**
 * A cold process's first lookup also pays for the query compiler and the first connection, which
 * on a busy machine can exceed the warm deadline; unreachable databases still fail fast (refused
 * or connect timeout), so only slow-but-working first lookups get the longer budget.
 */
const COLD_TIMEOUT_MS = Number(process.env.AUTH_DB_COLD_TIMEOUT_MS ?? 5000);
let warm = false;
const cache = new Map<string, CacheEntry>();
const inflight = new Map<string, Promise<CachedKey | null>>();
// Bumped on every forget: a lookup that overlapped one may have read the row before the revoke.
let forgetEpoch = 0;
let syncStarted = false;

onKeyRevoked((prefix) => forgetKey(prefix));
metrics.probes.keyCacheEntries = () => cache.size;

export function forgetKey(prefix: string): void {
  forgetEpoch++;
  cache.delete(prefix);
  inflight.delete(prefix);
}

function ensureRevocationSync(): void {
  if (syncStarted) return;
  syncStarted = true;
  if (redisConfigured() || TTL_MS > 1000) startRevocationSync(forgetKey, { poll: TTL_MS > 1000 });
}

async function loadKey(prefix: string): Promise<CachedKey | null> {
  const row = await db.apiKey.findUnique({
    where: { prefix },
    select: { id: true, accountId: true, environment: true, secretHash: true, revokedAt: true, account: { select: { plan: true } } },
  });
  if (!row) return null;
  return {
    caller: {
      keyId: row.id,
      accountId: row.accountId,
      prefix,
      environment: row.environment === "live" ? "live" : "test",
      plan: row.account.plan,
    },
    secretHash: row.secretHash,
    revoked: row.revokedAt !== null,
  };
}


async function lookup(prefix: string): Promise<CachedKey | null> {
  const hit = cache.get(prefix);
  if (hit && hit.expiresAt > Date.now()) return hit.value;
  let pending = inflight.get(prefix);
  if (!pending) {
    const epoch = forgetEpoch;
    const load: Promise<CachedKey | null> = withTimeout(loadKey(prefix), warm ? DB_TIMEOUT_MS : COLD_TIMEOUT_MS, "key store")
      .then((value) => {
        warm = true;
        // A forget (revocation) landed while we read: the row may predate it, so keep it only briefly.
        const ttl = epoch === forgetEpoch ? TTL_MS : Math.min(TTL_MS, SHORT_TTL_MS);
        cache.set(prefix, { value, expiresAt: Date.now() + ttl });
        if (cache.size > 50_000) cache.delete(cache.keys().next().value!);
        return value;
      })
      .finally(() => {
        if (inflight.get(prefix) === load) inflight.delete(prefix);
      });
    inflight.set(prefix, (pending = load));
  }
  return pending;
}

export async function authenticate(req: ApiRequest): Promise<AuthResult> {
  const extracted = extractKey(req);
  if ("error" in extracted) return keyRequired(extracted.error);
  const { prefix, secret } = splitKey(extracted.key);
  ensureRevocationSync();
  let found: CachedKey | null;
  try {
    // A fresh entry is read synchronously: no extra promise or microtask for a known key.
    const hit = cache.get(prefix);
    found = hit && hit.expiresAt > Date.now() ? hit.value : await lookup(prefix);
  } catch {
    metrics.authBackendError();
    const error = new ApiError("AUTH_BACKEND_UNAVAILABLE", "The key-validation backend is unavailable; retry with back-off", { "Retry-After": "2" });
    return { ok: false, error, failure: { reason: "backend_unavailable" } };
  }
  if (!found) return invalidKey({ reason: "unknown_prefix" });
  const base = { accountId: found.caller.accountId, prefix };
  if (!secretMatches(secret, found.secretHash)) return invalidKey({ reason: "invalid_secret", ...base });
  if (found.revoked) return invalidKey({ reason: "revoked", ...base });
  return { ok: true, caller: found.caller };
}

// Built only on failure: constructing an Error captures a stack, which cost ~8% of a cache hit.
const invalidKey = (failure: AuthFailure): AuthResult => ({
  ok: false,
  error: new ApiError("UNAUTHORIZED", MESSAGES.invalidKey),
  failure,
});
