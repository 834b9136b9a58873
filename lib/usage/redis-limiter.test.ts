import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

// Real Redis on 127.0.0.1:6379 under a unique prefix; every key is deleted afterwards.
const prefix = `statline_t_${randomBytes(4).toString("hex")}:`;
process.env.REDIS_URL = "redis://127.0.0.1:6379";
process.env.REDIS_PREFIX = prefix;
process.env.LOG_LEVEL = "silent";
process.env.USAGE_LEASE_TTL_MS = "400";

const { RedisRateLimiter } = await import("./redis-limiter");
const { leaseSize } = await import("./rate-lease");
const { RedisQuotaLedger } = await import("./redis-quota");
const { closeRedis, whenRedisReady } = await import("../platform/redis");

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
    expect(decisions.every((d) => d.remaining >= 0 && d.remaining < 10)).toBe(true);
    // Refused locally afterwards: the lease knows the shared bucket is empty until its next token.
    expect(a.take("k1", rule, Date.now())).toMatchObject({ allowed: false });
  });

  test("refills one request per interval on Redis's clock", async () => {
    const limiter = new RedisRateLimiter(1);
    // Intervals of a second: a loaded machine's event-loop delays stay well inside one.
    const rule = { burst: 2, intervalMs: 1000 };
    const first = await Promise.all([1, 2, 3].map(() => limiter.take("k2", rule, Date.now())));
    expect(first.map((d) => d.allowed)).toEqual([true, true, false]);
    await new Promise((r) => setTimeout(r, 1200));
    const later = await Promise.all([1, 2].map(() => limiter.take("k2", rule, Date.now())));
    expect(later.map((d) => d.allowed)).toEqual([true, false]);
  });

  test("keys are namespaced under REDIS_PREFIX and expire when idle", async () => {
    const limiter = new RedisRateLimiter(1);
    await limiter.take("k3", { burst: 5, intervalMs: 10 }, Date.now());
    const ttl = await admin.pttl(`${prefix}rl:k3`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1100);
  });

  test("with a lease, requests are answered synchronously; an idle lease is given back", async () => {
    const limiter = new RedisRateLimiter(2);
    // 6,000/min, burst 1,000: each of 2 instances leases min(5% of 6,000 / 2, 1,000 / 4) = 150.
    const rule = { burst: 1000, intervalMs: 10 };
    expect(leaseSize(rule, 2)).toBe(150);
    const first = limiter.take("k4", rule, Date.now());
    expect(first).toBeInstanceOf(Promise);
    expect((await first).allowed).toBe(true);
    const sync = Array.from({ length: 100 }, () => limiter.take("k4", rule, Date.now()));
    expect(sync.every((d) => !(d instanceof Promise) && d.allowed)).toBe(true);
    // The shared bucket was charged for leases (150 + a background top-up), not per request.
    await new Promise((r) => setTimeout(r, 20));
    const charged = (Number(await admin.get(`${prefix}rl:k4`)) - Date.now()) / rule.intervalMs;
    expect(charged).toBeGreaterThan(101);
    // Unused for the lease TTL (400 ms here): its tokens (over 40) go back to the shared bucket.
    const before = Number(await admin.get(`${prefix}rl:k4`));
    await new Promise((r) => setTimeout(r, 900));
    const after = await admin.get(`${prefix}rl:k4`);
    expect(after === null || Number(after) < before - 40 * rule.intervalMs).toBe(true);
  });

  test("lease sizes bound the overshoot: at most 5% of the per-minute rate across the instances", () => {
    // 100/min through 2 instances: 2 tokens each, so at most 4 beyond the exact limit per window.
    expect(leaseSize({ burst: 20, intervalMs: 600 }, 2)).toBe(2);
    // Never more than half the burst across the instances, never less than 1.
    expect(leaseSize({ burst: 30, intervalMs: 100 }, 2)).toBe(7);
    expect(leaseSize({ burst: 1, intervalMs: 60_000 }, 3)).toBe(1);
  });
});

describe("RedisQuotaLedger", () => {
  const month = Date.UTC(2026, 10, 1);

  test("two ledgers (two instances) report into one counter seeded from the database total", async () => {
    let dbLoads = 0;
    const loadUsed = async () => {
      dbLoads++;
      return 100;
    };
    const a = new RedisQuotaLedger(loadUsed, 2);
    const b = new RedisQuotaLedger(loadUsed, 2);
    expect(await a.load("acct1", month)).toBe(100);
    expect(await b.load("acct1", month)).toBe(100);
    expect(dbLoads).toBe(1);
    for (let i = 0; i < 10; i++) a.add("acct1", month, 3);
    for (let i = 0; i < 5; i++) b.add("acct1", month, 2);
    // No quota: spending is reported in the background (every lease TTL / 4), not per request.
    expect(Number(await admin.get(`${prefix}quota:acct1:${month}`))).toBe(100);
    await new Promise((r) => setTimeout(r, 250));
    expect(Number(await admin.get(`${prefix}quota:acct1:${month}`))).toBe(140);
    b.add("acct1", month, 1);
    await new Promise((r) => setTimeout(r, 250));
    expect(b.peek("acct1", month)).toBe(141);
  });

  test("with a quota, instances spend reserved units locally and never pass the quota together", async () => {
    const a = new RedisQuotaLedger(async () => 0, 2);
    const b = new RedisQuotaLedger(async () => 0, 2);
    const limit = 300;
    let admitted = 0;
    const admit = async (ledger: InstanceType<typeof RedisQuotaLedger>) => {
      let used = ledger.peek("acct2", month, limit);
      if (used === undefined) {
        await ledger.load("acct2", month, limit);
        used = ledger.peek("acct2", month, limit) ?? ledger.peek("acct2", month)!;
      }
      if (used + 1 > limit) return;
      ledger.add("acct2", month, 1);
      admitted++;
    };
    let waited = 0;
    for (let i = 0; i < 1000; i++) {
      const ledger = i % 2 ? a : b;
      if (ledger.peek("acct2", month, limit) === undefined) waited++;
      await admit(ledger);
    }
    expect(admitted).toBe(limit);
    // Reservations are blocks, not one unit per request.
    expect(waited).toBeLessThan(60);
    await new Promise((r) => setTimeout(r, 300));
    expect(Number(await admin.get(`${prefix}quota:acct2:${month}`))).toBe(limit);
  });

  test("a lowered quota (a plan change) applies at the next request, not when the reservation ends", async () => {
    const ledger = new RedisQuotaLedger(async () => 0, 2);
    await ledger.load("acct4", month, 1000);
    for (let i = 0; i < 10; i++) ledger.add("acct4", month, 1);
    expect(ledger.peek("acct4", month, 1000)).toBeLessThan(1000 - 1);
    expect(ledger.peek("acct4", month, 5)).toBeUndefined();
    await ledger.load("acct4", month, 5);
    expect(ledger.peek("acct4", month, 5)! + 1).toBeGreaterThan(5);
  });

  test("a dead instance's reservation lapses and its units return to the others", async () => {
    const dead = new RedisQuotaLedger(async () => 0, 2);
    await dead.load("acct3", month, 10);
    expect(dead.peek("acct3", month, 10)).toBeDefined();
    const reserved = Number(await admin.get(`${prefix}quota:acct3:${month}`));
    expect(reserved).toBeGreaterThan(0);
    // Another instance after the reservation's lifetime (1.5 × 400 ms): the whole quota is free.
    await new Promise((r) => setTimeout(r, 700));
    const alive = new RedisQuotaLedger(async () => 0, 2);
    (dead as unknown as { entries: Map<string, unknown> }).entries.clear();
    await alive.load("acct3", month, 10);
    expect(Number(await admin.get(`${prefix}quota:acct3:${month}`))).toBeLessThanOrEqual(Math.ceil(10 / 4));
  });
});
