import type Redis from "ioredis";
import { clientIpFromChain } from "../platform/client-ip";
import { perProcess } from "../platform/process-state";
import { getRedis, redisKey, redisUp } from "../platform/redis";
import { envInt } from "../platform/config";

/**
 * Sign-in throttling with growing back-off. Three keys per attempt: the account from this client
 * address (5 free), the client address across accounts (20), and the account from everywhere (100
 * free, a slower back-off): six wrong passwords from an attacker's address locked the owner out
 * everywhere when the account key was the only per-account one. Every attempt counts as a failure
 * up front (so parallel guessers are counted before their 128 MiB scrypt runs). Past `free`
 * counted attempts inside the window, each further one locks the key for base·2^(k-1) s, capped.
 * While a key is locked, attempts are refused without hashing anything. Success clears the first
 * key (the owner proved the password there) and refunds one from the others (one known password
 * cannot reset a guesser's count). The same machinery throttles second-factor codes per user.
 */
export interface ThrottleRule {
  free: number;
  baseMs: number;
  capMs: number;
  windowMs: number;
}

// The first lock must outlast an attempt: one scrypt takes 0.3 s idle but 2-5 s on a loaded
// 2-core box, so a 1 s lock had expired before the next guess arrived (measured: never a 429).
const BASE_MS = envInt("SIGNIN_BACKOFF_BASE_MS");
const CAP_MS = 15 * 60_000;
const WINDOW_MS = 15 * 60_000;

export const RULES = {
  address: {
    free: envInt("SIGNIN_FREE_ATTEMPTS_ACCOUNT"),
    baseMs: BASE_MS,
    capMs: CAP_MS,
    windowMs: WINDOW_MS,
  },
  ip: { free: envInt("SIGNIN_FREE_ATTEMPTS_IP"), baseMs: BASE_MS, capMs: CAP_MS, windowMs: WINDOW_MS },
  account: {
    free: envInt("SIGNIN_FREE_ATTEMPTS_ACCOUNT_TOTAL"),
    baseMs: 60_000,
    capMs: CAP_MS,
    windowMs: 60 * 60_000,
  },
  // Second-factor codes per user (sign-in, re-authentication, turning 2FA off): the 7th within
  // 15 min waits 30 s (400 wrong codes in 10.8 s were never refused before).
  secondFactor: { free: 5, baseMs: BASE_MS, capMs: CAP_MS, windowMs: WINDOW_MS },
} satisfies Record<string, ThrottleRule>;

export type Attempt = { allowed: true } | { allowed: false; retryAfterMs: number };

interface Entry {
  n: number;
  lockedUntil: number;
  expiresAt: number;
}

export const lockMs = (rule: ThrottleRule, n: number) =>
  n > rule.free ? Math.min(rule.capMs, rule.baseMs * 2 ** (n - rule.free - 1)) : 0;

/** Single instance (and the fallback while Redis is unreachable): state in a Map. */
export class MemoryThrottle {
  private readonly entries = new Map<string, Entry>();

  attempt(keys: [string, ThrottleRule][], now: number): Attempt {
    if (this.entries.size > 50_000) this.sweep(now);
    let wait = 0;
    for (const [key] of keys) {
      const e = this.live(key, now);
      if (e && e.lockedUntil > now) wait = Math.max(wait, e.lockedUntil - now);
    }
    if (wait > 0) return { allowed: false, retryAfterMs: wait };
    for (const [key, rule] of keys) {
      const e = this.live(key, now) ?? { n: 0, lockedUntil: 0, expiresAt: 0 };
      e.n += 1;
      const lock = lockMs(rule, e.n);
      if (lock) e.lockedUntil = now + lock;
      e.expiresAt = now + rule.windowMs + lock;
      this.entries.set(key, e);
    }
    return { allowed: true };
  }

  succeeded(cleared: string, refunded: string[], now: number): void {
    this.entries.delete(cleared);
    for (const key of refunded) {
      const e = this.live(key, now);
      if (e && e.n > 0) e.n -= 1;
    }
  }

  private live(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (e && e.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  sweep(now: number): void {
    for (const [key, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(key);
  }
}

/**
 * The same arithmetic in one Lua script (atomic across instances, on Redis's clock).
 * KEYS: the hashes; ARGV: per key free, baseMs, capMs, windowMs. Returns the wait in ms (0 = allowed).
 */
const ATTEMPT_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local wait = 0
for i = 1, #KEYS do
  local l = tonumber(redis.call('HGET', KEYS[i], 'l') or '0')
  if l > now and l - now > wait then wait = l - now end
end
if wait > 0 then return wait end
for i = 1, #KEYS do
  local free, base, cap, window = tonumber(ARGV[4*i-3]), tonumber(ARGV[4*i-2]), tonumber(ARGV[4*i-1]), tonumber(ARGV[4*i])
  local n = redis.call('HINCRBY', KEYS[i], 'n', 1)
  local lock = 0
  if n > free then lock = math.min(cap, base * 2 ^ (n - free - 1)) end
  if lock > 0 then redis.call('HSET', KEYS[i], 'l', string.format('%d', now + lock)) end
  redis.call('PEXPIRE', KEYS[i], math.ceil(window + lock))
end
return 0
`;
const SUCCEEDED_LUA = `
redis.call('DEL', KEYS[1])
for i = 2, #KEYS do
  local n = redis.call('HGET', KEYS[i], 'n')
  if n and tonumber(n) > 0 then redis.call('HINCRBY', KEYS[i], 'n', -1) end
end
return 0
`;

type ThrottleClient = Redis & {
  statlineSigninAttempt(...args: (string | number)[]): Promise<number>;
  statlineSigninOk(...args: (string | number)[]): Promise<number>;
};

const defined = perProcess("signin-throttle-redis", () => new WeakSet<Redis>());
const memory = perProcess("signin-throttle", () => new MemoryThrottle());

function redisClient(): ThrottleClient | null {
  const redis = getRedis();
  if (!redis || !redisUp()) return null;
  if (!defined.has(redis)) {
    redis.defineCommand("statlineSigninAttempt", { lua: ATTEMPT_LUA });
    redis.defineCommand("statlineSigninOk", { lua: SUCCEEDED_LUA });
    defined.add(redis);
  }
  return redis as ThrottleClient;
}

export type ThrottleKeys = [string, ThrottleRule][];

/** The throttle keys of one sign-in attempt: the email from this address, the address, the email. */
export function throttleKeys(email: string, forwardedFor: string | null | undefined): ThrottleKeys {
  const ip = clientIpFromChain(forwardedFor);
  return [
    [`signin:acct:${email}|${ip ?? "unknown"}`, RULES.address],
    ...(ip ? [[`signin:ip:${ip}`, RULES.ip] as [string, ThrottleRule]] : []),
    [`signin:total:${email}`, RULES.account],
  ];
}

/** The throttle key of second-factor codes for one user. */
export const secondFactorKeys = (userId: string): ThrottleKeys => [
  [`2fa:user:${userId}`, RULES.secondFactor],
];

/** Counts an attempt, or refuses it while any of its keys is locked. Shared via Redis when up. */
export async function beginSignIn(list: ThrottleKeys): Promise<Attempt> {
  const client = redisClient();
  if (client) {
    const args = list.flatMap(([, r]) => [r.free, r.baseMs, r.capMs, r.windowMs]);
    const names = list.map(([k]) => redisKey(k));
    const wait = await client.statlineSigninAttempt(names.length, ...names, ...args).catch(() => null);
    if (wait !== null) return wait > 0 ? { allowed: false, retryAfterMs: Number(wait) } : { allowed: true };
  }
  // Without Redis (or while it is unreachable) each instance throttles on its own.
  return memory.attempt(list, Date.now());
}

/** A success: the first key is cleared, one attempt refunded on the others. */
export async function signInSucceeded(list: ThrottleKeys): Promise<void> {
  const [cleared, ...refunded] = list.map(([k]) => k);
  memory.succeeded(cleared, refunded, Date.now());
  const client = redisClient();
  if (!client) return;
  const names = [cleared, ...refunded].map(redisKey);
  await client.statlineSigninOk(names.length, ...names).catch(() => undefined);
}
