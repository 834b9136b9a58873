import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

// Real Redis on 127.0.0.1:6379 under a unique prefix; every key is deleted afterwards.
const prefix = `statline_t_${randomBytes(4).toString("hex")}:`;
process.env.REDIS_URL = "redis://127.0.0.1:6379";
process.env.REDIS_PREFIX = prefix;
process.env.LOG_LEVEL = "silent";

const { RedisRateLimiter } = await import("./redis-limiter");
const { RedisQuotaLedger } = await import("./redis-quota");
const { closeRedis, whenRedisReady } = await import("../redis");

const admin = new Redis("redis://127.0.0.1:6379");
beforeAll(async () => {
  expect(await whenRedisReady(2000)).toBe(true);
});
afterAll(async () => {
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length) await admin.del(...keys);
  admin.disconnect();
  await closeRedis();
});

describe("RedisRateLimiter", () => {
  test("two limiters (two instances) share one bucket exactly: burst, then refusals with Retry-After", async () => {
    const a = new RedisRateLimiter(2);
    const b = new RedisRateLimiter(2);
    const rule = { burst: 10, intervalMs: 60_000 };
    const decisions = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).take("k1", rule, Date.now())),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    const refused = decisions.filter((d) => !d.allowed);
    expect(
      refused.every((d) => d.remaining === 0 && d.retryAfterMs > 59_000 && d.retryAfterMs <= 60_000),
    ).toBe(true);
    // Remaining counts down 9..0 across both limiters.
    expect(
      decisions
        .filter((d) => d.allowed)
        .map((d) => d.remaining)
        .sort((x, y) => y - x),
    ).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  test("refills one request per interval on Redis's clock", async () => {
    const limiter = new RedisRateLimiter(1);
    const rule = { burst: 2, intervalMs: 100 };
    const first = await Promise.all([1, 2, 3].map(() => limiter.take("k2", rule, Date.now())));
    expect(first.map((d) => d.allowed)).toEqual([true, true, false]);
    await new Promise((r) => setTimeout(r, 120));
    const later = await Promise.all([1, 2].map(() => limiter.take("k2", rule, Date.now())));
    expect(later.map((d) => d.allowed)).toEqual([true, false]);
  });

  test("keys are namespaced under REDIS_PREFIX and expire when idle", async () => {
    const limiter = new RedisRateLimiter(1);
    await limiter.take("k3", { burst: 5, intervalMs: 10 }, Date.now());
    const ttl = await admin.pttl(`${prefix}rl:k3`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1010);
  });
});

describe("RedisQuotaLedger", () => {
  test("two ledgers (two instances) add into one counter seeded from the database total", async () => {
    let dbLoads = 0;
    const loadUsed = async () => {
      dbLoads++;
      return 100;
    };
    const a = new RedisQuotaLedger(loadUsed, 2);
    const b = new RedisQuotaLedger(loadUsed, 2);
    const month = Date.UTC(2026, 10, 1);
    expect(await a.load("acct1", month)).toBe(100);
    expect(await b.load("acct1", month)).toBe(100);
    expect(dbLoads).toBe(1);
    for (let i = 0; i < 10; i++) a.add("acct1", month, 3);
    for (let i = 0; i < 5; i++) b.add("acct1", month, 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(Number(await admin.get(`${prefix}quota:acct1:${month}`))).toBe(140);
    // Each ledger's view includes the other's spending once its own INCRBY answers.
    b.add("acct1", month, 0 + 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(b.peek("acct1", month)).toBe(141);
  });
});
