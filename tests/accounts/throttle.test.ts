import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HashBusyError, hashPassword, verifyPassword, withHashSlot } from "../../lib/auth/password";
import {
  MemoryThrottle,
  RULES,
  beginSignIn,
  lockMs,
  signInSucceeded,
  throttleKeys,
} from "../../lib/auth/throttle";
import { closeRedis, getRedis, whenRedisReady } from "../../lib/platform/redis";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { SignInClient } from "./support";

const rule = { free: 3, baseMs: 1000, capMs: 8000, windowMs: 60_000 };

describe("sign-in throttle (in memory)", () => {
  it("allows `free` attempts, then locks with a doubling, capped back-off", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => lockMs(rule, n))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 8000, 8000,
    ]);
    const t = new MemoryThrottle();
    const keys: [string, typeof rule][] = [["a", rule]];
    let now = 0;
    for (let i = 0; i < 4; i++) expect(t.attempt(keys, now)).toEqual({ allowed: true });
    expect(t.attempt(keys, now)).toEqual({ allowed: false, retryAfterMs: 1000 });
    now += 1000;
    expect(t.attempt(keys, now)).toEqual({ allowed: true });
    expect(t.attempt(keys, now)).toEqual({ allowed: false, retryAfterMs: 2000 });
    now += 61_000 + 2000;
    expect(t.attempt(keys, now)).toEqual({ allowed: true });
  });

  it("refuses while either the account or the IP is locked; success clears the account, refunds the IP", () => {
    const t = new MemoryThrottle();
    const ipRule = { ...rule, free: 5 };
    for (let i = 0; i < 6; i++)
      t.attempt(
        [
          [`acct${i}`, rule],
          ["ip", ipRule],
        ],
        0,
      );
    expect(
      t.attempt(
        [
          ["fresh", rule],
          ["ip", ipRule],
        ],
        0,
      ),
    ).toEqual({ allowed: false, retryAfterMs: 1000 });
    for (let i = 0; i < 4; i++) t.attempt([["owner", rule]], 10_000);
    t.succeeded("owner", ["ip"], 10_000);
    expect(t.attempt([["owner", rule]], 10_000)).toEqual({ allowed: true });
  });
});

describe("password hash gate", () => {
  it("runs at most HASH_CONCURRENCY (2) hashes at once, queues 32 and refuses the rest", async () => {
    let running = 0;
    let peak = 0;
    const release: (() => void)[] = [];
    const work = () =>
      new Promise<void>((resolve) => {
        running++;
        peak = Math.max(peak, running);
        release.push(() => {
          running--;
          resolve();
        });
      });
    const results = Array.from({ length: 40 }, () =>
      withHashSlot(work).then(
        () => "done",
        (e: unknown) => e,
      ),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(release).toHaveLength(2);
    while (release.length) {
      release.shift()!();
      await new Promise((r) => setTimeout(r, 1));
    }
    const settled = await Promise.all(results);
    expect(settled.filter((r) => r === "done")).toHaveLength(34);
    expect(settled.filter((r) => r instanceof HashBusyError)).toHaveLength(6);
    expect(peak).toBe(2);
    expect(await verifyPassword("x", await hashPassword("x"))).toBe(true);
  });
});

describe("sign-in throttle shared in Redis", () => {
  const prefix = `statline-test-throttle-${process.pid}-${Date.now()}:`;
  beforeAll(async () => {
    process.env.REDIS_URL = "redis://127.0.0.1:6379";
    process.env.REDIS_PREFIX = prefix;
    expect(await whenRedisReady(3000)).toBe(true);
  });
  afterAll(async () => {
    const redis = getRedis()!;
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await closeRedis();
    delete process.env.REDIS_URL;
    delete process.env.REDIS_PREFIX;
  });

  it("counts attempts in Redis (so every instance sees them) and locks after the free ones", async () => {
    const keys = throttleKeys("shared@example.com", "203.0.113.9");
    const [address, ip, total] = keys.map(([k]) => `${prefix}${k}`);
    expect(keys.map(([k]) => k)).toEqual([
      "signin:acct:shared@example.com|203.0.113.9",
      "signin:ip:203.0.113.9",
      "signin:total:shared@example.com",
    ]);
    for (let i = 0; i <= RULES.address.free; i++) expect(await beginSignIn(keys)).toEqual({ allowed: true });
    const refused = await beginSignIn(keys);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterMs).toBeGreaterThan(900);
    const stored = await getRedis()!.hgetall(address);
    expect(Number(stored.n)).toBe(RULES.address.free + 1);
    expect(Number(await getRedis()!.hget(ip, "n"))).toBe(RULES.address.free + 1);
    expect(Number(await getRedis()!.hget(total, "n"))).toBe(RULES.address.free + 1);
    // The same account from another address is not locked (only its own address is).
    expect(await beginSignIn(throttleKeys("shared@example.com", "203.0.113.10"))).toEqual({ allowed: true });
    await signInSucceeded(keys);
    expect(await getRedis()!.exists(address)).toBe(0);
    expect(Number(await getRedis()!.hget(ip, "n"))).toBe(RULES.address.free);
    expect(Number(await getRedis()!.hget(total, "n"))).toBe(RULES.address.free + 1);
  });
});

describe("sign-in throttling over HTTP", () => {
  let app: RunningApp;
  const email = "throttle@example.com";
  const password = "violet tractor anthem 42";
  beforeAll(async () => {
    const databaseUrl = copyTemplateDb(ensureTemplateDb());
    createUser(databaseUrl, email, password);
    // One proxy hop trusted, so each client below can speak for its own address.
    app = await startApp({ databaseUrl, env: { TRUST_PROXY_HOPS: "1", SIGNIN_FREE_ATTEMPTS_IP: "8" } });
  });
  afterAll(() => app?.stop());

  it(
    "answers 429 with Retry-After after 6 wrong passwords for one account from one address, even to the right one",
    { timeout: 240_000 },
    async () => {
      const client = new SignInClient(app.baseUrl, { "x-forwarded-for": "198.51.100.1" });
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await client.credentials(email, `wrong password ${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
      const locked = await client.credentials(email, password);
      expect(locked.status).toBe(429);
      const retryAfter = Number(locked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(30);
      const body = (await locked.json()) as { error: { code: string; message: string }; url: string };
      expect(body.error.code).toBe("RATE_LIMITED");
      expect(new URL(body.url).searchParams.get("error")).toMatch(/^Throttled:\d+$/);
      expect(body.error.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ s\.$/);
    },
  );

  it(
    "answers 429 to one IP guessing across many accounts, not to other IPs",
    { timeout: 240_000 },
    async () => {
      const client = new SignInClient(app.baseUrl, { "x-forwarded-for": "198.51.100.77" });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await client.credentials(`nobody${i}@example.com`, "wrong password")).status);
      expect(statuses.indexOf(429)).toBe(9);
      const elsewhere = new SignInClient(app.baseUrl, { "x-forwarded-for": "198.51.100.78" });
      expect((await elsewhere.credentials("nobody0@example.com", "wrong password")).status).toBe(401);
    },
  );
});
