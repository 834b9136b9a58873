import type Redis from "ioredis";
import { logInfo } from "../platform/log";
import { metrics } from "../platform/metrics";
import type { RateRule } from "../plans";
import { getRedis, onRedisState, redisKey, redisUp } from "../platform/redis";
import { gcra, type Decision, type RateLimiter } from "./limiter";
import { envInt } from "../platform/config";
import { defineLeaseCommand, RateLeases, type LeaseClient } from "./rate-lease";

/**
 * Shared GCRA in Redis: the same arithmetic as the in-memory limiter, run atomically in Lua on
 * Redis's clock so instance clocks do not matter. Requests spend tokens leased from this bucket
 * in batches (lib/usage/rate-lease.ts); this script charges what was admitted without Redis.
 * ARGV: burst, intervalMs, debt. With debt > 0 the script charges that many requests without
 * refusing (replaying what instances admitted locally while Redis was down), capped at an empty
 * bucket. Times are ms with 3 decimals, formatted explicitly (Lua's tostring would round).
 */
const GCRA_LUA = `
local burst = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local debt = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local tat = tonumber(redis.call('GET', KEYS[1]))
local base = now
if tat and tat > now then base = tat end
if debt > 0 then
  local next = math.min(base + debt * interval, now + burst * interval)
  redis.call('SET', KEYS[1], string.format('%.3f', next), 'PX', math.ceil(next - now) + 1000)
  return {1, 0, '0', '0'}
end
local next = base + interval
local allow_at = next - burst * interval
if now < allow_at then
  return {0, 0, string.format('%.3f', base - now), string.format('%.3f', allow_at - now)}
end
redis.call('SET', KEYS[1], string.format('%.3f', next), 'PX', math.ceil(next - now) + 1000)
return {1, math.floor((now - allow_at) / interval + 1e-9), string.format('%.3f', next - now), '0'}
`;

type Reply = [number, number, string, string];
type GcraClient = LeaseClient & {
  statlineGcra(key: string, burst: number, intervalMs: number, debt: number): Promise<Reply>;
};

/** After a failed Redis call, answer locally for this long before trying Redis again. */
const RETRY_AFTER_FAILURE_MS = envInt("RATE_LIMIT_REDIS_RETRY_MS");

/** Rounds of "lease, then take" a request waits through before it is refused (concurrent first requests). */
const MAX_LEASE_ATTEMPTS = 3;

/** After Redis returns, how long each instance also enforces its local share (see take()). */
const RECOVERY_GRACE_MS = envInt("RATE_LIMIT_RECOVERY_GRACE_MS");

/**
 * Fallback while Redis is unreachable: each instance enforces 1/INSTANCE_COUNT of the plan
 * (burst and rate), so N instances together never exceed the plan. Each instance keeps a local
 * mirror of every key's last shared state, so the switch to local limits does not hand out a
 * fresh burst; what it admits locally is charged back to Redis when Redis returns.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly local = new Map<string, number>();
  private readonly debt = new Map<string, { count: number; rule: RateRule }>();
  private skipUntil = 0;
  private graceUntil = 0;
  private fallback = false;
  private defined = new WeakSet<Redis>();
  private readonly leases: RateLeases;

  constructor(private readonly instances = envInt("INSTANCE_COUNT")) {
    this.leases = new RateLeases(
      () => this.client(),
      instances,
      () => metrics.limiterRedisError(),
      (key, burst, intervalMs, tokens) => {
        this.redisAnswered();
        if (Date.now() >= this.graceUntil) this.mirror(key, { burst, intervalMs }, tokens, Date.now());
      },
    );
    onRedisState((up) => {
      if (!up) {
        if (!this.fallback) this.setFallback(true);
        return;
      }
      if (!this.fallback) return;
      this.setFallback(false);
      this.graceUntil = Date.now() + RECOVERY_GRACE_MS;
      void this.replayDebt();
    });
    metrics.probes.rateLimiterFallback = () => (this.fallback ? 1 : 0);
  }

  take(key: string, rule: RateRule, now: number): Decision | Promise<Decision> {
    const client = this.client();
    if (!client || now < this.skipUntil || !redisUp()) return this.takeLocal(key, rule, now, true);
    // Just after an outage other instances may not have charged their local admissions back yet:
    // keep enforcing this instance's share as well until they have.
    const inGrace = now < this.graceUntil;
    if (inGrace) {
      const local = this.takeLocal(key, rule, now, false);
      if (!local.allowed) return local;
    }
    // In fallback until Redis answers one of this instance's calls: ask it, rather than the lease.
    if (this.fallback) return this.leased(key, rule, inGrace, 0);
    return this.leases.take(key, rule, now) ?? this.leased(key, rule, inGrace, 0);
  }

  /** A lease call succeeded: leave the fallback, keep the local share for the grace period, replay. */
  private redisAnswered(): void {
    if (!this.fallback) return;
    this.setFallback(false);
    this.graceUntil = Date.now() + RECOVERY_GRACE_MS;
    void this.replayDebt();
  }

  /**
   * Waits for a lease (a key's first request here, or an empty lease), then answers from it. A
   * burst of concurrent first requests shares one round trip; those the granted tokens do not
   * cover ask again, a few times, before they are refused.
   */
  private leased(key: string, rule: RateRule, inGrace: boolean, attempt: number): Promise<Decision> {
    return this.leases.acquire(key, rule).then(
      () => {
        const now = Date.now();
        const d = this.leases.take(key, rule, now);
        const lease = this.leases.lease(key);
        // The mirror as of after this take (the reply set it as of before).
        if (!inGrace && lease) this.mirror(key, rule, lease.shared + lease.tokens, now);
        if (d !== null) return d;
        if (attempt < MAX_LEASE_ATTEMPTS) return this.leased(key, rule, inGrace, attempt + 1);
        return this.leases.refusal(rule, lease, now);
      },
      () => {
        metrics.limiterRedisError();
        this.skipUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
        return this.takeLocal(key, rule, Date.now(), true);
      },
    );
  }

  /** The per-instance share of a plan: burst/N at once, one request per N intervals. */
  private share(rule: RateRule): RateRule {
    return {
      burst: Math.max(1, Math.floor(rule.burst / this.instances)),
      intervalMs: rule.intervalMs * this.instances,
    };
  }

  /** Local state equivalent to this instance's share of the shared bucket's remaining tokens. */
  private mirror(key: string, rule: RateRule, remaining: number, now: number): void {
    const share = this.share(rule);
    const mine = Math.min(share.burst, Math.floor(remaining / this.instances));
    this.local.set(key, now + (share.burst - mine) * share.intervalMs);
  }

  /** This instance's share; `owed` records the admission for charging Redis later (fallback). */
  private takeLocal(key: string, rule: RateRule, now: number, owed: boolean): Decision {
    if (owed && !this.fallback) this.setFallback(true);
    const share = this.share(rule);
    const { decision, tat } = gcra(this.local.get(key), share, now);
    if (decision.allowed) {
      this.local.set(key, tat!);
      if (!owed) return decision;
      const debt = this.debt.get(key);
      if (debt) debt.count++;
      else this.debt.set(key, { count: 1, rule });
    }
    return decision;
  }

  private setFallback(on: boolean): void {
    this.fallback = on;
    if (on)
      logInfo("rate limits: per-instance fallback (1/INSTANCE_COUNT of each plan) until redis answers", {
        instances: this.instances,
      });
    else logInfo("rate limits: shared in redis again");
  }

  /** Charges the shared buckets with what was admitted locally during the outage. */
  private async replayDebt(): Promise<void> {
    const client = this.client();
    if (!client || this.debt.size === 0) return;
    const owed = [...this.debt];
    this.debt.clear();
    await Promise.all(
      owed.map(([key, { count, rule }]) =>
        client.statlineGcra(redisKey(`rl:${key}`), rule.burst, rule.intervalMs, count).catch(() => {
          const again = this.debt.get(key);
          this.debt.set(key, { count: count + (again?.count ?? 0), rule });
        }),
      ),
    );
  }

  private client(): GcraClient | null {
    const redis = getRedis();
    if (!redis) return null;
    if (!this.defined.has(redis)) {
      redis.defineCommand("statlineGcra", { numberOfKeys: 1, lua: GCRA_LUA });
      defineLeaseCommand(redis);
      this.defined.add(redis);
    }
    return redis as GcraClient;
  }

  async release(): Promise<void> {
    await this.leases.release();
  }

  /** Drops local mirrors whose bucket is full again (same answer as no entry). */
  sweep(now: number): void {
    for (const [key, tat] of this.local) if (tat <= now) this.local.delete(key);
  }

  get size(): number {
    return Math.max(this.local.size, this.leases.size);
  }
}
