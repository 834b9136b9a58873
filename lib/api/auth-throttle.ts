import { perProcess } from "../platform/process-state";
import { envInt } from "../platform/config";

/**
 * Per-address budget of failed /v1 authentications (a keyless flood at 1,943 req/s cost
 * one key lookup and one log line per request and moved legitimate p50 from 0.5 to 24 ms). A
 * token bucket per client IP: AUTH_FAILURE_BURST failures at once, refilled at
 * AUTH_FAILURES_PER_MINUTE; an address with an empty bucket gets 429 before any key lookup.
 * Per instance (in scale-out each instance keeps its own buckets, so N instances allow N times
 * the budget): the point is to bound the work a flood causes, which is per instance too.
 */
const BURST = envInt("AUTH_FAILURE_BURST");
const PER_SECOND = envInt("AUTH_FAILURES_PER_MINUTE") / 60;
/** Addresses tracked at most; beyond it the least recently failed is forgotten (bounded memory). */
const MAX_ADDRESSES = 50_000;

type Bucket = { tokens: number; at: number };
const state = perProcess("authThrottle", () => ({ buckets: new Map<string, Bucket>() }));

export const authThrottleEnabled = BURST > 0;

function refilled(b: Bucket, now: number): number {
  return Math.min(BURST, b.tokens + ((now - b.at) / 1000) * PER_SECOND);
}

/** Seconds the address must wait before its next failed attempt is even looked at; 0 = go ahead. */
export function authRetryAfter(ip: string, now = Date.now()): number {
  if (!authThrottleEnabled || state.buckets.size === 0) return 0;
  const b = state.buckets.get(ip);
  if (!b) return 0;
  const tokens = refilled(b, now);
  if (tokens >= 1) return 0;
  return PER_SECOND > 0 ? Math.max(1, Math.ceil((1 - tokens) / PER_SECOND)) : 3600;
}

/** Spends one token of the address's budget. */
export function noteAuthFailure(ip: string, now = Date.now()): void {
  if (!authThrottleEnabled) return;
  const buckets = state.buckets;
  const b = buckets.get(ip);
  const tokens = b ? refilled(b, now) : BURST;
  // Re-inserted so the Map's order is least recently failed first.
  if (b) buckets.delete(ip);
  buckets.set(ip, { tokens: Math.max(0, tokens - 1), at: now });
  if (buckets.size > MAX_ADDRESSES) buckets.delete(buckets.keys().next().value!);
}
