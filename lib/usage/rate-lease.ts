import type Redis from "ioredis";
import type { RateRule } from "../plans";
import { redisKey } from "../platform/redis";
import { envInt, envNum } from "../platform/config";
import type { Decision } from "./limiter";

/**
 * Takes up to `want` tokens from the shared GCRA bucket at once (a lease) after giving `back`
 * unused ones, atomically and on Redis's clock. The bucket is the same TAT the per-request script
 * keeps (lib/usage/redis-limiter.ts), so leases and single takes share one limit.
 * ARGV: burst, intervalMs, want, back. Returns granted, tokens left in the shared bucket, ms until
 * it is full again, ms until it holds a token again (0 when it holds one now).
 */
const LEASE_LUA = `
local burst = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local back = tonumber(ARGV[4])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local tat = tonumber(redis.call('GET', KEYS[1]))
local base = now
if tat and tat > now then base = tat end
if back > 0 then base = math.max(now, base - back * interval) end
local avail = math.floor((now + burst * interval - base) / interval + 1e-9)
local grant = math.max(0, math.min(want, avail))
local next = base + grant * interval
if next > now then
  redis.call('SET', KEYS[1], string.format('%.3f', next), 'PX', math.ceil(next - now) + 1000)
elseif back > 0 then
  redis.call('DEL', KEYS[1])
end
local left = avail - grant
local wait = 0
if left < 1 then wait = next + interval - burst * interval - now end
return {grant, left, string.format('%.3f', math.max(0, next - now)), string.format('%.3f', math.max(0, wait))}
`;

type Reply = [number, number, string, string];
export type LeaseClient = Redis & {
  statlineRateLease(
    key: string,
    burst: number,
    intervalMs: number,
    want: number,
    back: number,
  ): Promise<Reply>;
};

export function defineLeaseCommand(redis: Redis): void {
  redis.defineCommand("statlineRateLease", { numberOfKeys: 1, lua: LEASE_LUA });
}

const PERCENT = envNum("RATE_LIMIT_LEASE_PERCENT");
const TTL_MS = envInt("USAGE_LEASE_TTL_MS");

/**
 * Tokens one instance leases for a rule: together the instances hold at most PERCENT % of the
 * per-minute rate, and at most half the burst, so one instance cannot take the whole burst from
 * the others. This is the overshoot bound: in any window the instances admit at most
 * `instances × leaseSize` more than the exact shared bucket would (docs/scale-out.md).
 */
export function leaseSize(rule: RateRule, instances: number, percent = PERCENT): number {
  const perMinute = 60_000 / rule.intervalMs;
  const byRate = Math.floor((perMinute * percent) / 100 / instances);
  return Math.max(1, Math.min(byRate, Math.floor(rule.burst / (2 * instances))));
}

interface Lease {
  burst: number;
  intervalMs: number;
  size: number;
  /** Leased tokens not spent yet. */
  tokens: number;
  /** Tokens left in the shared bucket at the last reply (for X-RateLimit-Remaining). */
  shared: number;
  /** Local time the shared bucket is full again, per the last reply. */
  fullAt: number;
  /** Local time before which the shared bucket has no token (per the last reply). */
  emptyUntil: number;
  usedAt: number;
  inflight: Promise<void> | null;
  /** Requests waiting for the call in flight. */
  waiting: number;
}

/**
 * Per-instance token leases (local-then-global, as Envoy's and Unkey's limiters do): a request
 * spends a token this instance already holds, synchronously, with no Redis call; the lease is
 * topped up in the background once it is half spent, and an idle lease is given back after
 * USAGE_LEASE_TTL_MS. Only a key's first request on an instance, or one that finds the lease
 * empty, waits for a round trip. A refused key is refused locally until the shared bucket would
 * hold a token again, so a flood over the limit costs no Redis call per request either.
 */
export class RateLeases {
  private readonly leases = new Map<string, Lease>();
  private readonly due = new Set<string>();
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly client: () => LeaseClient | null,
    private readonly instances: number,
    private readonly onError: () => void,
    /** Every reply: the shared bucket's tokens left plus this lease's, for the outage fallback. */
    private readonly onReply: (key: string, burst: number, intervalMs: number, tokens: number) => void,
  ) {
    this.refill = this.refill.bind(this);
  }

  /** A decision from the local lease, or null when only Redis can answer (then call acquire). */
  take(key: string, rule: RateRule, now: number): Decision | null {
    const l = this.leases.get(key);
    if (l === undefined || l.burst !== rule.burst || l.intervalMs !== rule.intervalMs) return null;
    l.usedAt = now;
    if (l.tokens > 0) {
      l.tokens--;
      if (l.tokens <= l.size >> 1 && l.inflight === null && now >= l.emptyUntil) this.schedule(key);
      const remaining = Math.min(rule.burst, l.tokens + l.shared);
      return {
        allowed: true,
        limit: rule.burst,
        remaining,
        resetMs: (rule.burst - remaining) * rule.intervalMs,
        retryAfterMs: 0,
      };
    }
    return now < l.emptyUntil ? this.refusal(rule, l, now) : null;
  }

  /** The answer when the lease is empty and the shared bucket has nothing either. */
  refusal(rule: RateRule, l: Lease | undefined, now: number): Decision {
    return {
      allowed: false,
      limit: rule.burst,
      remaining: 0,
      resetMs: l ? Math.max(0, l.fullAt - now) : rule.burst * rule.intervalMs,
      retryAfterMs: l && l.emptyUntil > now ? l.emptyUntil - now : rule.intervalMs,
    };
  }

  lease(key: string): Lease | undefined {
    return this.leases.get(key);
  }

  /**
   * One round trip: a fresh lease (giving back one held under another rule) or a top-up. The call
   * leaves on the next turn of the event loop, so the requests that found the lease empty in this
   * one share it and it asks for enough tokens for all of them.
   */
  acquire(key: string, rule: RateRule): Promise<void> {
    let l = this.leases.get(key);
    let back = 0;
    if (l === undefined || l.burst !== rule.burst || l.intervalMs !== rule.intervalMs) {
      back = l?.tokens ?? 0;
      l = {
        burst: rule.burst,
        intervalMs: rule.intervalMs,
        size: leaseSize(rule, this.instances),
        tokens: 0,
        shared: 0,
        fullAt: 0,
        emptyUntil: 0,
        usedAt: Date.now(),
        inflight: null,
        waiting: 0,
      };
      this.leases.set(key, l);
      this.startTimer();
    }
    const lease = l;
    lease.waiting++;
    if (lease.inflight === null) {
      const soon = new Promise<void>((resolve) => setImmediate(resolve));
      this.track(
        lease,
        soon.then(() => this.send(key, lease, Math.max(lease.size - lease.tokens, lease.waiting), back)),
      );
    }
    return lease.inflight!.then(
      () => void lease.waiting--,
      (err: unknown) => {
        lease.waiting--;
        throw err;
      },
    );
  }

  private track(l: Lease, p: Promise<void>): Promise<void> {
    const tracked: Promise<void> = p.finally(() => {
      if (l.inflight === tracked) l.inflight = null;
    });
    l.inflight = tracked;
    return tracked;
  }

  private send(key: string, l: Lease, want: number, back: number): Promise<void> {
    const client = this.client();
    if (!client) return Promise.reject(new Error("redis not configured"));
    return client
      .statlineRateLease(redisKey(`rl:${key}`), l.burst, l.intervalMs, want, back)
      .then((reply) => {
        const now = Date.now();
        l.tokens += reply[0];
        l.shared = reply[1];
        l.fullAt = now + Number(reply[2]);
        l.emptyUntil = now + Number(reply[3]);
        this.onReply(key, l.burst, l.intervalMs, l.shared + l.tokens);
      });
  }

  private schedule(key: string): void {
    this.due.add(key);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.refill);
  }

  /** Background top-ups: every lease that fell to half since the last turn, after the requests. */
  private refill(): void {
    this.scheduled = false;
    for (const key of this.due) {
      const l = this.leases.get(key);
      if (l === undefined || l.inflight !== null) continue;
      this.track(l, this.send(key, l, l.size - l.tokens, 0)).catch(this.onError);
    }
    this.due.clear();
  }

  private startTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.returnIdle(Date.now()), Math.max(50, TTL_MS >> 1));
    this.timer.unref();
  }

  /** Gives back every lease (shutdown). */
  release(): Promise<unknown> {
    return Promise.allSettled(this.returnIdle(Infinity));
  }

  /** Gives back the tokens of leases unused for USAGE_LEASE_TTL_MS, so other instances get them. */
  returnIdle(now: number): Promise<unknown>[] {
    const client = this.client();
    const sent: Promise<unknown>[] = [];
    for (const [key, l] of this.leases) {
      if (now - l.usedAt < TTL_MS || l.inflight !== null) continue;
      this.leases.delete(key);
      if (l.tokens > 0 && client) {
        const back = client.statlineRateLease(redisKey(`rl:${key}`), l.burst, l.intervalMs, 0, l.tokens);
        sent.push(back.catch(this.onError));
      }
    }
    return sent;
  }

  get size(): number {
    return this.leases.size;
  }
}
