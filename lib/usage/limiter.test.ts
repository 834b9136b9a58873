import { describe, expect, it } from "vitest";
import { buildPlans } from "../plans";
import { gcra, MemoryRateLimiter, toSeconds } from "./limiter";

// Limiter math with an injected clock: no sleeps, exact instants.
const free = { burst: 20, intervalMs: 1000 }; // 60/min, bursts of 20

describe("GCRA token bucket", () => {
  it("allows exactly `burst` requests at once, counting Remaining down to 0, then refuses", () => {
    const rl = new MemoryRateLimiter();
    const t = 1_000_000;
    for (let i = 0; i < 20; i++) {
      const d = rl.take("k", free, t);
      expect(d.allowed).toBe(true);
      expect(d.remaining).toBe(19 - i);
      expect(d.limit).toBe(20);
      expect(d.resetMs).toBe((i + 1) * 1000); // time until the bucket is full again
    }
    const refused = rl.take("k", free, t);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 1000, resetMs: 20_000 });
  });

  it("Retry-After is exact: refused 1 ms before, allowed at the instant it names", () => {
    const rl = new MemoryRateLimiter();
    const t = 5_000;
    for (let i = 0; i < 20; i++) rl.take("k", free, t);
    const refused = rl.take("k", free, t + 250);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBe(750);
    expect(toSeconds(refused.retryAfterMs)).toBe(1);
    expect(rl.take("k", free, t + 999).allowed).toBe(false);
    const ok = rl.take("k", free, t + 1000);
    expect(ok).toMatchObject({ allowed: true, remaining: 0 });
    expect(rl.take("k", free, t + 1000).allowed).toBe(false);
  });

  it("refills at the sustained rate and never above the burst", () => {
    const rl = new MemoryRateLimiter();
    for (let i = 0; i < 20; i++) rl.take("k", free, 0);
    // 7.5 s later: 7 whole tokens back; the 8th request is refused
    for (let i = 0; i < 7; i++) expect(rl.take("k", free, 7_500).allowed).toBe(true);
    expect(rl.take("k", free, 7_500).allowed).toBe(false);
    // an hour idle refills to the burst, not beyond
    const d = rl.take("k", free, 3_600_000);
    expect(d.remaining).toBe(19);
  });

  it("sustains exactly ratePerMinute per minute after the burst (60 + 20 in the first minute)", () => {
    const rl = new MemoryRateLimiter();
    let allowed = 0;
    for (let ms = 0; ms < 60_000; ms += 10) {
      while (rl.take("k", free, ms).allowed) allowed++;
    }
    expect(allowed).toBe(20 + 59); // the burst plus one per second for t = 1 s .. 59 s
  });

  it("keeps keys independent: one key's burst does not touch another's", () => {
    const rl = new MemoryRateLimiter();
    for (let i = 0; i < 20; i++) rl.take("a", free, 0);
    expect(rl.take("a", free, 0).allowed).toBe(false);
    expect(rl.take("b", free, 0)).toMatchObject({ allowed: true, remaining: 19 });
  });

  it("a refused request consumes nothing", () => {
    let tat: number | undefined;
    for (let i = 0; i < 20; i++) tat = gcra(tat, free, 0).tat;
    const before = tat;
    for (let i = 0; i < 100; i++) tat = gcra(tat, free, 10).tat;
    expect(tat).toBe(before);
  });

  it("non-integer intervals (7 per minute) still count Remaining down exactly", () => {
    const rule = { burst: 7, intervalMs: 60_000 / 7 };
    const rl = new MemoryRateLimiter();
    const remaining = Array.from({ length: 8 }, () => rl.take("k", rule, 123_456_789));
    expect(remaining.map((d) => (d.allowed ? d.remaining : -1))).toEqual([6, 5, 4, 3, 2, 1, 0, -1]);
  });

  it("sweep forgets keys whose bucket is full again", () => {
    const rl = new MemoryRateLimiter();
    rl.take("a", free, 0);
    rl.take("b", free, 10_000);
    rl.sweep(5_000);
    expect(rl.size).toBe(1);
  });
});

describe("plans", () => {
  it("built-in plans and a STATLINE_PLANS override resolve to limiter rules", () => {
    const plans = buildPlans(
      '{"free":{"burst":5},"team":{"ratePerMinute":120,"burst":10,"monthlyUnits":50}}',
    );
    expect(plans.get("free")).toMatchObject({
      ratePerMinute: 60,
      burst: 5,
      monthlyUnits: 10_000,
      rule: { burst: 5, intervalMs: 1000 },
    });
    expect(plans.get("team")!.rule).toEqual({ burst: 10, intervalMs: 500 });
    expect(plans.get("unlimited")).toMatchObject({ rule: null, monthlyUnits: null });
  });

  it("rejects a malformed override with a clear message", () => {
    expect(() => buildPlans("{nope")).toThrow("STATLINE_PLANS is not valid JSON");
    expect(() => buildPlans('{"free":{"burst":-1}}')).toThrow(/STATLINE_PLANS is invalid: free.burst/);
    expect(() => buildPlans('{"x":{"ratePerMinute":5}}')).toThrow(/both be set/);
  });
});
