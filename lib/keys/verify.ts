import { perProcess } from "../platform/process-state";
import { withTimeout } from "../platform/timeout";
import { metrics } from "../platform/metrics";
import { redisConfigured } from "../platform/redis";
import type { AuthFailure, Caller } from "./caller";
import { secretMatches } from "./format";
import { db } from "../platform/db";
import { findKeyForAuth, type AuthKeyRecord } from "./auth-record";
import { onKeyRevoked } from "./service";
import { startRevocationSync } from "./revocations";
import { envInt, envIntOpt } from "../platform/config";
import { now } from "../platform/clock";

/** A status value, never a throw: the /v1 pipeline turns failures into 401/503 (lib/api/auth.ts). */
export type Verification = { ok: true; caller: Caller } | { ok: false; failure: AuthFailure };

type CacheEntry = { value: AuthKeyRecord | null; expiresAt: number };

/**
 * Verified keys are cached so a known key costs no query. Single instance: the TTL (900 ms)
 * bounds revocation lag by itself. Scale-out (REDIS_URL): revocations are pushed and polled
 * (lib/keys/revocations.ts), so the TTL may be long; it then only bounds plan changes.
 */
const SHORT_TTL_MS = 900;
const TTL_MS = envIntOpt("KEY_CACHE_TTL_MS") ?? (redisConfigured() ? 30_000 : SHORT_TTL_MS);
const DB_TIMEOUT_MS = envInt("AUTH_DB_TIMEOUT_MS");
/**
 * A cold process's first lookup also pays for the query compiler and the first connection, which
 * on a busy machine can exceed the warm deadline; unreachable databases still fail fast (refused
 * or connect timeout), so only slow-but-working first lookups get the longer budget.
 */
const COLD_TIMEOUT_MS = envInt("AUTH_DB_COLD_TIMEOUT_MS");
const MAX_ENTRIES = 50_000;

const state = perProcess("keyCache", () => ({
  cache: new Map<string, CacheEntry>(),
  inflight: new Map<string, Promise<AuthKeyRecord | null>>(),
  warm: false,
  syncStarted: false,
}));

onKeyRevoked((prefix) => forgetKey(prefix));
metrics.probes.keyCacheEntries = () => state.cache.size;

export function forgetKey(prefix: string): void {
  state.cache.delete(prefix);
  state.inflight.delete(prefix);
}

function ensureRevocationSync(): void {
  if (state.syncStarted) return;
  state.syncStarted = true;
  if (redisConfigured() || TTL_MS > 1000) startRevocationSync(forgetKey, { poll: TTL_MS > 1000 });
}

/**
 * One load per prefix at a time. A load that a forget of its prefix overtook (forgetKey drops it
 * from `inflight`) read the row before the change: it is neither cached nor answered; its waiters
 * get a fresh read instead. Cached for 900 ms before, such a stale row kept a revoked key working
 * on that instance for up to 1.8 s under load (the reliability test's pub/sub trials).
 */
function lookup(prefix: string, retries = 2): Promise<AuthKeyRecord | null> {
  const pending = state.inflight.get(prefix);
  if (pending) return pending;
  const budget = state.warm ? DB_TIMEOUT_MS : COLD_TIMEOUT_MS;
  const load: Promise<AuthKeyRecord | null> = withTimeout(
    findKeyForAuth(db, prefix),
    budget,
    "key store",
  ).then(
    (value) => {
      state.warm = true;
      if (state.inflight.get(prefix) !== load) {
        // Forgotten meanwhile: a lookup that keeps being overtaken answers its read uncached.
        return retries > 0 ? lookup(prefix, retries - 1) : value;
      }
      state.inflight.delete(prefix);
      state.cache.set(prefix, { value, expiresAt: now() + TTL_MS });
      if (state.cache.size > MAX_ENTRIES) state.cache.delete(state.cache.keys().next().value!);
      return value;
    },
    (err: unknown) => {
      if (state.inflight.get(prefix) === load) state.inflight.delete(prefix);
      throw err;
    },
  );
  state.inflight.set(prefix, load);
  return load;
}

/** `secret` null: the principal proved itself another way (an OAuth token of /mcp, lib/oauth/access.ts). */
function judge(found: AuthKeyRecord | null, prefix: string, secret: string | null): Verification {
  if (!found) return { ok: false, failure: { reason: "unknown_prefix", prefix } };
  const base = { accountId: found.caller.accountId, prefix };
  if (secret !== null && !secretMatches(secret, found.secretHash)) {
    return { ok: false, failure: { reason: "invalid_secret", ...base } };
  }
  // Expired, disabled and suspended keys answer exactly like revoked ones ("Invalid API key").
  if (
    found.revoked ||
    found.disabled ||
    found.suspended ||
    (found.expiresAt !== null && found.expiresAt <= now())
  )
    return { ok: false, failure: { reason: "revoked", ...base } };
  // No verdict is memoised by secret: the process keeps no full key, only its digest.
  return { ok: true, caller: found.caller };
}

/**
 * Refresh-ahead: a key in use is reloaded in the background once half its TTL has passed, so under
 * steady traffic the entry never expires. Without it every connection waited on the reload each
 * TTL (900 ms single-instance), and a reload slower than AUTH_DB_TIMEOUT_MS on a loaded machine
 * answered 503 to all of them at once (the bench's "20 non-2xx" in the PostgreSQL hit run without
 * Redis, 20 = its connections). The entry served is never older than its TTL, as before.
 */
function refreshAhead(prefix: string, hit: CacheEntry, t: number): void {
  if (hit.expiresAt - t > TTL_MS / 2 || state.inflight.has(prefix)) return;
  lookup(prefix).catch(() => {
    // Kept until it expires; the next request after that looks it up (and reports a failure).
  });
}

/** The verdict from a fresh cache entry, or undefined when verifying would need a lookup. */
export function cachedVerification(prefix: string, secret: string): Verification | undefined {
  ensureRevocationSync();
  const hit = state.cache.get(prefix);
  const t = now();
  if (!hit || hit.expiresAt <= t) return undefined;
  refreshAhead(prefix, hit, t);
  return judge(hit.value, prefix, secret);
}

/** Whether the prefix belonged to a key when last looked up (the entry may have expired since). */
export function knownPrefix(prefix: string): boolean {
  const hit = state.cache.get(prefix);
  return hit !== undefined && hit.value !== null;
}

/**
 * Verifies a well-formed key and its secret. A fresh cache entry is judged synchronously (no promise or
 * microtask for a known key); otherwise the row is loaded once per prefix, with a deadline.
 */
export function verifyKey(prefix: string, secret: string): Verification | Promise<Verification> {
  return verify(prefix, secret);
}

/**
 * The state of a key whose holder proved itself another way (an OAuth grant's key: the token was
 * verified instead): revoked, disabled, expired or suspended answer like a wrong key. Kept apart
 * from verifyKey so no caller of that can skip the secret by passing null.
 */
export function verifyKeyState(prefix: string): Verification | Promise<Verification> {
  return verify(prefix, null);
}

function verify(prefix: string, secret: string | null): Verification | Promise<Verification> {
  ensureRevocationSync();
  const hit = state.cache.get(prefix);
  if (hit && hit.expiresAt > now()) return judge(hit.value, prefix, secret);
  return lookup(prefix).then(
    (found) => judge(found, prefix, secret),
    (): Verification => {
      metrics.authBackendError();
      return { ok: false, failure: { reason: "backend_unavailable" } };
    },
  );
}
