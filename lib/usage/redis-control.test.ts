import { randomBytes } from "node:crypto";
import Redis from "ioredis";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import type { Caller } from "../keys/caller";

// The admission of a /v1 request in scale-out mode, on the real Redis under a unique prefix.
const prefix = `statline_t_${randomBytes(4).toString("hex")}:`;
process.env.REDIS_URL = "redis://127.0.0.1:6379";
process.env.REDIS_PREFIX = prefix;
process.env.LOG_LEVEL = "silent";

const { RedisRateLimiter } = await import("./redis-limiter");
const { RedisQuotaLedger } = await import("./redis-quota");
const { createUsageControl } = await import("./control");
const { Meter } = await import("./meter");
const { buildPlans } = await import("../plans");
const { closeRedis, getRedis, whenRedisReady } = await import("../platform/redis");

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

const plans = buildPlans('{"team":{"ratePerMinute":60000,"burst":5000,"monthlyUnits":1000000}}');
const caller: Caller = {
  keyId: "key1",
  accountId: "acc1",
  plan: "team",
  prefix: "sk_test_abcdefgh",
  environment: "test",
  restrictions: null,
};

test("with a lease and a reservation held, admission makes no Redis call and no promise", async () => {
  const usage = createUsageControl({
    limiter: new RedisRateLimiter(2),
    quota: new RedisQuotaLedger(async () => 0, 2),
    meter: new Meter(),
    plans: (name) => plans.get(name)!,
  });
  // The first request waits for the month's counter, a lease and a reservation.
  const first = usage.admit(caller, 1);
  expect(first).toBeInstanceOf(Promise);
  expect(await first).toMatchObject({ ok: true });
  const sent = vi.spyOn(getRedis()!, "sendCommand");
  const answers = Array.from({ length: 20 }, () => usage.admit(caller, 1));
  expect(sent).not.toHaveBeenCalled();
  expect(answers.every((a) => !(a instanceof Promise) && a.ok)).toBe(true);
  expect((answers[0] as { headers: Record<string, string> }).headers["X-RateLimit-Limit"]).toBe("5000");
  // Renewals happen afterwards, off the requests: a few calls for 20 requests, not 20.
  await new Promise((r) => setTimeout(r, 100));
  expect(sent.mock.calls.length).toBeLessThan(5);
  sent.mockRestore();
});
