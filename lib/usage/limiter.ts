import type { RateRule } from "../plans";

/** The outcome of one rate-limit check, in milliseconds; the control turns it into headers. */
export interface Decision {
  allowed: boolean;
  /** Bucket capacity (the plan's burst): X-RateLimit-Limit. */
  limit: number;
  /** Requests that could be sent right now after this one: X-RateLimit-Remaining. */
  remaining: number;
  /** Time until the bucket is full again (Remaining == Limit): X-RateLimit-Reset. */
  resetMs: number;
  /** When refused: time until one request is allowed again (Retry-After). 0 when allowed. */
  retryAfterMs: number;
}

/**
 * Per-key rate limiting. The in-memory implementation answers synchronously; a shared one
 * (Redis + Lua) returns a Promise and is awaited by the caller. `take` consumes one
 * request when allowed and changes nothing when refused.
 */
export interface RateLimiter {
  take(key: string, rule: RateRule, now: number): Decision | Promise<Decision>;
  /** Shared limiters: gives back leased tokens (shutdown). */
  release?(): Promise<void>;
}

/** Guards floor() and comparisons against 0.9999… from non-integer intervals (e.g. 7 requests/minute). */
const EPSILON = 1e-9;
const EPSILON_MS = 1e-6;

/**
 * GCRA (the "generic cell rate algorithm", as in redis-cell and Stripe's limiter): exactly a
 * token bucket of capacity `burst` refilled one token per `intervalMs`, stored as a single
 * number per key, the theoretical arrival time (TAT) of the next request. One Map read and
 * one write per request; no timers. The same arithmetic ports to a Redis Lua script.
 */
export function gcra(
  tat: number | undefined,
  rule: RateRule,
  now: number,
): { decision: Decision; tat: number | undefined } {
  const { burst, intervalMs } = rule;
  const base = tat !== undefined && tat > now ? tat : now;
  const next = base + intervalMs;
  const allowAt = next - burst * intervalMs;
  if (allowAt - now > EPSILON_MS) {
    return {
      decision: {
        allowed: false,
        limit: burst,
        remaining: 0,
        resetMs: base - now,
        retryAfterMs: allowAt - now,
      },
      tat,
    };
  }
  return {
    decision: {
      allowed: true,
      limit: burst,
      remaining: Math.max(0, Math.floor((now - allowAt) / intervalMs + EPSILON)),
      resetMs: next - now,
      retryAfterMs: 0,
    },
    tat: next,
  };
}

/** Single-instance limiter: state in a Map, so no DB or network round trip per request. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly tats = new Map<string, number>();

  take(key: string, rule: RateRule, now: number): Decision {
    const { decision, tat } = gcra(this.tats.get(key), rule, now);
    if (decision.allowed) this.tats.set(key, tat as number);
    return decision;
  }

  /** Drops keys whose bucket is full again (TAT in the past): same answer as having no entry. */
  sweep(now: number): void {
    for (const [key, tat] of this.tats) if (tat <= now) this.tats.delete(key);
  }

  get size(): number {
    return this.tats.size;
  }
}

/** Header values: whole seconds, rounded up so that waiting that long is always enough. */
export function toSeconds(ms: number): number {
  return Math.ceil(ms / 1000 - EPSILON);
}
