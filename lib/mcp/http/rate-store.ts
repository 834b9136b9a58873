import type { IncrementResponse, Options, Store } from "express-rate-limit";
import type Redis from "ioredis";
import { envInt } from "../../platform/config";
import { perProcess } from "../../platform/process-state";
import { getRedis, redisKey, redisUp } from "../../platform/redis";

/**
 * One fixed window per key on Redis's clock: the first hit starts it, INCR counts atomically across
 * instances. Returns the count and the window's remaining ms.
 */
const HIT_LUA = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`;

type WindowClient = Redis & {
  statlineWindowHit(key: string, windowMs: number): Promise<[number, number]>;
};

const defined = perProcess("oauth-window-store-redis", () => new WeakSet<Redis>());

function windowClient(): WindowClient | null {
  // getRedis() also starts the connection on first use; until it is up, answers are local.
  const redis = getRedis();
  if (!redis || !redisUp()) return null;
  if (!defined.has(redis)) {
    redis.defineCommand("statlineWindowHit", { numberOfKeys: 1, lua: HIT_LUA });
    defined.add(redis);
  }
  return redis as WindowClient;
}

const MAX_LOCAL_KEYS = 50_000;

/**
 * The store behind the OAuth endpoints' rate limits (the MCP SDK's handlers use express-rate-limit,
 * whose default MemoryStore counts per process: N instances would allow N times the limit). With
 * REDIS_URL the count is one Redis counter per client address and endpoint, shared by every
 * instance. Without Redis, or while it does not answer, each instance counts alone and reports
 * its hits times INSTANCE_COUNT, so it refuses at 1/INSTANCE_COUNT of the limit and the cluster
 * never exceeds it (the rule /v1's rate limits follow, lib/usage/redis-limiter.ts).
 */
export class SharedWindowStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private readonly local = new Map<string, { hits: number; resetAt: number }>();

  constructor(
    /** Namespaces the endpoint's counters, e.g. `oauth:token:`. */
    readonly prefix: string,
    private readonly instances = envInt("INSTANCE_COUNT"),
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const client = windowClient();
    if (client) {
      const reply = await client
        .statlineWindowHit(redisKey(`${this.prefix}${key}`), this.windowMs)
        .catch(() => null);
      if (reply) return { totalHits: Number(reply[0]), resetTime: new Date(Date.now() + Number(reply[1])) };
    }
    return this.incrementLocal(key, Date.now());
  }

  async decrement(key: string): Promise<void> {
    const entry = this.local.get(key);
    if (entry && entry.hits > 0) entry.hits--;
    await windowClient()
      ?.decr(redisKey(`${this.prefix}${key}`))
      .catch(() => undefined);
  }

  async resetKey(key: string): Promise<void> {
    this.local.delete(key);
    await windowClient()
      ?.del(redisKey(`${this.prefix}${key}`))
      .catch(() => undefined);
  }

  private incrementLocal(key: string, now: number): IncrementResponse {
    if (this.local.size >= MAX_LOCAL_KEYS) {
      for (const [k, e] of this.local) if (e.resetAt <= now) this.local.delete(k);
      if (this.local.size >= MAX_LOCAL_KEYS) this.local.delete(this.local.keys().next().value!);
    }
    let entry = this.local.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { hits: 0, resetAt: now + this.windowMs };
      this.local.set(key, entry);
    }
    entry.hits++;
    return { totalHits: entry.hits * Math.max(1, this.instances), resetTime: new Date(entry.resetAt) };
  }
}
