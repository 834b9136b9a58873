import { randomBytes } from "node:crypto";
import type { Options } from "express-rate-limit";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TcpProxy } from "../../../tests/reliability/support/infra";

// Real Redis on 127.0.0.1:6379, reached through a TCP proxy the test can cut, under a unique prefix.
const prefix = `statline_t_${randomBytes(4).toString("hex")}:`;
const proxy = await new TcpProxy(6379).start();
process.env.REDIS_URL = `redis://127.0.0.1:${proxy.port}`;
process.env.REDIS_PREFIX = prefix;
process.env.LOG_LEVEL = "silent";

const { SharedWindowStore } = await import("./rate-store");
const { closeRedis, redisUp, whenRedisReady } = await import("../../platform/redis");

const admin = new Redis("redis://127.0.0.1:6379");
const store = (name: string, windowMs = 60_000, instances = 2) => {
  const s = new SharedWindowStore(name, instances);
  s.init({ windowMs } as Options);
  return s;
};
const hits = async (s: InstanceType<typeof SharedWindowStore>, key: string, n: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await s.increment(key)).totalHits);
  return out;
};

beforeAll(async () => {
  expect(await whenRedisReady(2000)).toBe(true);
});
afterAll(async () => {
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length) await admin.del(...keys);
  admin.disconnect();
  await closeRedis();
  await proxy.cut();
});

describe("SharedWindowStore (the OAuth endpoints' rate limits)", () => {
  test("two instances' stores count one window in Redis: hits go 1..6 whichever instance answers", async () => {
    const a = store("oauth:token:");
    const b = store("oauth:token:");
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) seen.push((await (i % 2 ? b : a).increment("10.0.0.1")).totalHits);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    const ttl = await admin.pttl(`${prefix}oauth:token:10.0.0.1`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    const { resetTime } = await a.increment("10.0.0.1");
    expect(resetTime!.getTime() - Date.now()).toBeGreaterThan(50_000);
  });

  test("endpoints and addresses are counted apart; a window that passed starts again at 1", async () => {
    const token = store("oauth:token:", 150);
    const register = store("oauth:register:", 150);
    expect(await hits(token, "10.0.0.2", 3)).toEqual([1, 2, 3]);
    expect(await hits(register, "10.0.0.2", 1)).toEqual([1]);
    expect(await hits(token, "10.0.0.3", 1)).toEqual([1]);
    await new Promise((r) => setTimeout(r, 250));
    expect(await hits(token, "10.0.0.2", 1)).toEqual([1]);
  });

  test("resetKey and decrement reach the shared counter", async () => {
    const a = store("oauth:revoke:");
    const b = store("oauth:revoke:");
    await hits(a, "10.0.0.4", 3);
    await b.decrement("10.0.0.4");
    expect(await hits(a, "10.0.0.4", 1)).toEqual([3]);
    await b.resetKey("10.0.0.4");
    expect(await hits(a, "10.0.0.4", 1)).toEqual([1]);
  });

  test("Redis cut off: each instance counts alone at 1/INSTANCE_COUNT; shared again when it returns", async () => {
    const a = store("oauth:register:");
    const b = store("oauth:register:");
    await proxy.cut();
    // Hits times INSTANCE_COUNT (2): with a limit of 4, each instance admits 2, the pair 4.
    expect(await hits(a, "10.0.0.5", 3)).toEqual([2, 4, 6]);
    expect(await hits(b, "10.0.0.5", 2)).toEqual([2, 4]);
    await proxy.restore();
    expect(await whenRedisReady(5000)).toBe(true);
    expect(redisUp()).toBe(true);
    expect(await hits(a, "10.0.0.6", 2)).toEqual([1, 2]);
    expect(await hits(b, "10.0.0.6", 1)).toEqual([3]);
  });
});
