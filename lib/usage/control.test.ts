import { describe, expect, it } from "vitest";
import { refusalError } from "../api/refusals";
import type { Caller } from "../keys/caller";
import { buildPlans, type ResolvedPlan } from "../plans";
import { createUsageControl } from "./control";
import type { Admission } from "./types";
import { MemoryRateLimiter } from "./limiter";
import { Meter } from "./meter";
import { MemoryQuotaLedger } from "./quota";

// admit/settle semantics with an injected clock and an in-memory month total (no server).
const plans = buildPlans('{"tiny":{"ratePerMinute":600,"burst":100,"monthlyUnits":10}}');
const planOf = (name: string): ResolvedPlan => plans.get(name)!;
/** The units a route costs: what admit reserves. */
const route = (units: number) => units;
const caller = (plan: string, keyId = "key1", accountId = "acc1"): Caller => ({
  keyId,
  accountId,
  plan,
  prefix: "sk_test_abcdefgh",
  environment: "test",
  restrictions: null,
});
const NOV = Date.UTC(2026, 10, 21, 12, 0, 0);

function setup(startUsed = 0, opts: { failLoad?: boolean } = {}) {
  let now = NOV;
  let loads = 0;
  const meter = new Meter();
  const quota = new MemoryQuotaLedger(async () => {
    loads++;
    if (opts.failLoad) throw new Error("db down");
    return startUsed;
  });
  const usage = createUsageControl({
    limiter: new MemoryRateLimiter(),
    quota,
    meter,
    plans: planOf,
    now: () => now,
  });
  const admit = async (c: Caller, units: number) => await usage.admit(c, units);
  return { usage, meter, admit, setNow: (t: number) => (now = t), loads: () => loads };
}

describe("usage control", () => {
  it("loads the month total once per account, then answers synchronously", async () => {
    const s = setup(40);
    const first = s.usage.admit(caller("free"), route(1));
    expect(first).toBeInstanceOf(Promise);
    const a = (await first) as Admission;
    expect(a.ok).toBe(true);
    const second = s.usage.admit(caller("free"), route(1));
    expect(second).not.toBeInstanceOf(Promise);
    expect(s.loads()).toBe(1);
    const h = s.usage.settle(caller("free"), "/v1/teams", 200, 1, a);
    expect(h).toEqual({ "X-Units-Cost": "1", "X-Units-Used": "42", "X-Units-Remaining": "9958" });
  });

  it("charges the route's units on success and refunds the reservation on 4xx and 5xx", async () => {
    const s = setup();
    const odds = 5; // units of an odds history call
    const endpoint = "/v1/contests/{id}/odds/history";
    const ok = await s.admit(caller("free"), odds);
    expect(s.usage.settle(caller("free"), endpoint, 200, 5, ok)["X-Units-Used"]).toBe("5");
    const bad = await s.admit(caller("free"), odds);
    expect(s.usage.settle(caller("free"), endpoint, 400, 0, bad)).toMatchObject({
      "X-Units-Cost": "0",
      "X-Units-Used": "5",
    });
    const failed = await s.admit(caller("free"), odds);
    expect(s.usage.settle(caller("free"), endpoint, 500, 0, failed)["X-Units-Used"]).toBe("5");
    const unmatched = await s.admit(caller("free"), 0);
    expect(s.usage.settle(caller("free"), "(unmatched)", 404, 0, unmatched)["X-Units-Used"]).toBe("5");
    const batch = s.meter.drain();
    const byClass = Object.fromEntries(
      batch.usage.map((r) => [`${r.endpoint} ${r.statusClass}`, [r.requests, r.units]]),
    );
    expect(byClass).toEqual({
      "/v1/contests/{id}/odds/history 2xx": [1, 5],
      "/v1/contests/{id}/odds/history 4xx": [1, 0],
      "/v1/contests/{id}/odds/history 5xx": [1, 0],
      "(unmatched) 4xx": [1, 0],
    });
  });

  it("reserves units at admit so concurrent requests cannot overshoot the quota", async () => {
    const s = setup(7); // tiny: 10 units
    const admissions = await Promise.all(Array.from({ length: 6 }, () => s.admit(caller("tiny"), route(1))));
    expect(admissions.map((a) => a.ok)).toEqual([true, true, true, false, false, false]);
    const refused = admissions[5] as Extract<Admission, { ok: false }>;
    expect(refusalError(refused.refusal).code).toBe("QUOTA_EXCEEDED");
    expect(refusalError(refused.refusal).status).toBe(429);
    expect(refusalError(refused.refusal).message).toContain("resets at 2026-12-01T00:00:00.000Z");
    expect(Number(refusalError(refused.refusal).headers["Retry-After"])).toBe(
      (Date.UTC(2026, 11, 1) - NOV) / 1000,
    );
    // one of the three admitted fails with a 4xx: its unit is free again for the next caller
    s.usage.settle(caller("tiny"), "/v1/teams", 404, 0, admissions[0]);
    expect((await s.admit(caller("tiny"), route(1))).ok).toBe(true);
  });

  it("refuses a call that costs more than what is left, but lets free (unmatched) paths through", async () => {
    const s = setup(8);
    const odds = await s.admit(caller("tiny"), route(5));
    expect(odds.ok).toBe(false);
    expect((await s.admit(caller("tiny"), 0)).ok).toBe(true);
    expect((await s.admit(caller("tiny"), route(2))).ok).toBe(true);
  });

  it("spend charges a stream's units only while the quota covers them; exhausted says when none is left", async () => {
    const s = setup(6);
    expect((await s.admit(caller("tiny"), route(1))).ok).toBe(true); // 7 of 10
    expect(s.usage.spend(caller("tiny"), "/v1/stream (events)", 2)).toBeNull(); // 9
    expect(s.usage.exhausted(caller("tiny"))).toBeNull();
    const refused = s.usage.spend(caller("tiny"), "/v1/stream (events)", 2);
    expect(refusalError(refused!)).toMatchObject({ code: "QUOTA_EXCEEDED" });
    expect(refusalError(refused!).message).toMatch(/9 of 10 units used/);
    expect(s.usage.spend(caller("tiny"), "/v1/stream (events)", 1)).toBeNull(); // 10
    expect(s.usage.exhausted(caller("tiny"))).toMatchObject({ kind: "quota_exceeded", used: 10, quota: 10 });
    const events = s.meter.drain().usage.filter((r) => r.endpoint === "/v1/stream (events)");
    expect(events.reduce((n, r) => n + r.units, 0)).toBe(3);
  });

  it("rate limits per key with headers, RATE_LIMITED and an integer Retry-After", async () => {
    const s = setup();
    for (let i = 0; i < 20; i++) {
      const a = await s.admit(caller("free"), route(1));
      expect(a.headers).toEqual({
        "X-RateLimit-Limit": "20",
        "X-RateLimit-Remaining": String(19 - i),
        "X-RateLimit-Reset": String(i + 1),
        RateLimit: `"default";r=${19 - i};t=${i + 1}`,
        "RateLimit-Policy": '"default";q=20;w=20',
      });
    }
    const refused = (await s.admit(caller("free"), route(1))) as Extract<Admission, { ok: false }>;
    expect(refusalError(refused.refusal).code).toBe("RATE_LIMITED");
    expect(refusalError(refused.refusal).headers["Retry-After"]).toBe("1");
    expect(refused.headers["X-RateLimit-Remaining"]).toBe("0");
    // a live key of the same account has its own bucket and identical rules
    expect(
      (await s.admit({ ...caller("free", "key2"), environment: "live" }, route(1))).headers[
        "X-RateLimit-Remaining"
      ],
    ).toBe("19");
  });

  it("unlimited: no rate limit, no quota, still metered, documented header values", async () => {
    const s = setup(123_456_789);
    for (let i = 0; i < 500; i++) {
      const a = await s.admit(caller("unlimited"), route(1));
      expect(a.ok).toBe(true);
      s.usage.settle(caller("unlimited"), "/v1/teams", 200, 1, a);
    }
    const a = await s.admit(caller("unlimited"), route(1));
    expect(a.headers).toEqual({
      "X-RateLimit-Limit": "2147483647",
      "X-RateLimit-Remaining": "2147483647",
      "X-RateLimit-Reset": "0",
      RateLimit: '"default";r=2147483647;t=0',
      "RateLimit-Policy": '"default";q=2147483647;w=1',
    });
    expect(s.usage.settle(caller("unlimited"), "/v1/teams", 200, 1, a)).toEqual({
      "X-Units-Cost": "1",
      "X-Units-Used": String(123_456_789 + 501),
      "X-Units-Remaining": "2147483647",
    });
    expect(s.meter.drain().usage[0]).toMatchObject({ requests: 501, units: 501 });
  });

  it("starts a new month at zero", async () => {
    const s = setup(10);
    expect((await s.admit(caller("tiny"), route(1))).ok).toBe(false);
    s.setNow(Date.UTC(2026, 11, 1, 0, 0, 1));
    const a = await s.admit(caller("tiny"), route(1));
    expect(a.ok).toBe(true);
    expect(s.usage.settle(caller("tiny"), "/v1/teams", 200, 1, a)["X-Units-Used"]).toBe("1");
    expect(s.loads()).toBe(1);
  });

  it("answers 503 when the month total cannot be loaded, and counts the request", async () => {
    const s = setup(0, { failLoad: true });
    const a = (await s.admit(caller("free"), route(1))) as Extract<Admission, { ok: false }>;
    expect(refusalError(a.refusal).code).toBe("SERVICE_UNAVAILABLE");
    expect(refusalError(a.refusal).headers["Retry-After"]).toBe("1");
    expect(s.usage.settle(caller("free"), "/v1/teams", 503, 0, a)).toEqual({ "X-Units-Cost": "0" });
    expect(s.meter.drain().usage).toMatchObject([{ statusClass: "5xx", requests: 1, units: 0 }]);
  });

  it("counts auth failures against the account only when the prefix resolves", () => {
    const s = setup();
    s.usage.authFailed({ reason: "invalid_secret", accountId: "acc9", prefix: "sk_live_AAAAAAAA" });
    s.usage.authFailed({ reason: "revoked", accountId: "acc9", prefix: "sk_live_AAAAAAAA" });
    s.usage.authFailed({ reason: "invalid_secret", accountId: "acc9", prefix: "sk_live_AAAAAAAA" });
    s.usage.authFailed({ reason: "unknown_prefix" });
    s.usage.authFailed({ reason: "malformed" });
    const batch = s.meter.drain();
    expect(batch.authFailures.map((r) => [r.accountId, r.reason, r.count]).sort()).toEqual([
      ["acc9", "invalid_secret", 2],
      ["acc9", "revoked", 1],
    ]);
    expect(s.meter.unattributed).toMatchObject({ unknown_prefix: 1, malformed: 1, missing: 0 });
  });
});
