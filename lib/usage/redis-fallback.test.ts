import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";
import { TcpProxy } from "../../tests/reliability/support/infra";

// The real Redis behind a TCP proxy the test cuts and restores; unique key prefix, cleaned up.
const prefix = `statline_t_${randomBytes(4).toString("hex")}:`;
const proxy = await new TcpProxy(6379).start();
process.env.REDIS_URL = `redis://127.0.0.1:${proxy.port}`;
process.env.REDIS_PREFIX = prefix;
process.env.RATE_LIMIT_RECOVERY_GRACE_MS = "300";
process.env.LOG_LEVEL = "silent";
process.env.USAGE_LEASE_TTL_MS = "400";

const { RedisRateLimiter } = await import("./redis-limiter");
const { RedisQuotaLedger } = await import("./redis-quota");
const { closeRedis, redisUp, whenRedisReady } = await import("../platform/redis");

const admin = new Redis("redis://127.0.0.1:6379");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(condition: () => boolean, ms = 5000) {
  for (const end = Date.now() + ms; !condition(); await sleep(20))
    if (Date.now() > end) throw new Error("timed out");
}

beforeAll(async () => {
  expect(await whenRedisReady(2000)).toBe(true);
});
afterAll(async () => {
  await proxy.restore();
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length) await admin.del(...keys);
  admin.disconnect();
  await closeRedis();
  await proxy.cut();
});

const allowed = async (limiter: InstanceType<typeof RedisRateLimiter>, n: number) => {
  let ok = 0;
  for (let i = 0; i < n; i++)
    if ((await limiter.take("key", { burst: 10, intervalMs: 600_000 }, Date.now())).allowed) ok++;
  return ok;
};

test("Redis down: half the plan per instance from the last shared state, charged back on recovery", async () => {
  const limiter = new RedisRateLimiter(2);
  const ledger = new RedisQuotaLedger(async () => 0, 2);
  const month = Date.UTC(2026, 10, 1);
  await ledger.load("acct", month);
  ledger.add("acct", month, 4);
  expect(await allowed(limiter, 5)).toBe(5); // shared bucket: 10 - 5 = 5 left
  await sleep(200); // the ledger reports its spending every lease TTL / 4 (100 ms here)

  await proxy.cut();
  await until(() => !redisUp());
  // This instance's share of the 5 left is 2 (floor(5 / 2)); no fresh burst.
  expect(await allowed(limiter, 10)).toBe(2);
  // Quota: units spent during the outage count twice (the other instance may spend as much).
  ledger.add("acct", month, 3);
  expect(ledger.peek("acct", month, 100)).toBe(4 + 3 * 2);

  await proxy.restore();
  await until(() => redisUp());
  // Grace period: the local share (now empty) still applies on top of the shared bucket.
  expect(await allowed(limiter, 3)).toBe(0);
  await sleep(350);
  // The 2 local admissions were charged to Redis: 5 - 2 = 3 left in the shared bucket.
  expect(await allowed(limiter, 10)).toBe(3);
  await sleep(150);
  expect(Number(await admin.get(`${prefix}quota:acct:${month}`))).toBe(7);
  expect(ledger.peek("acct", month)).toBe(7);
});
