import { describe, expect, it } from "vitest";
import { RequestLogBuffer, sampleRateFor, type RequestLogRow } from "./buffer";

const row = (id: string, status = 200): RequestLogRow => ({
  id,
  at: 0,
  accountId: "a",
  keyPrefix: "sk_test_AbCdEfGh",
  environment: "test",
  method: "GET",
  path: "/v1/teams",
  query: "",
  endpoint: "/v1/teams",
  status,
  errorCode: null,
  units: 1,
  durationMs: 1,
  ip: null,
  userAgent: null,
  sampleRate: 1,
  errorMessage: null,
  response: null,
});

describe("request log buffer", () => {
  it("logs every success within the per-second budget, then 1 in N with N on the row", () => {
    const b = new RequestLogBuffer({ perSecond: 10, maxRows: 10_000 });
    const t = 5_000_000;
    const rates = Array.from({ length: 100 }, () => b.admit(200, t));
    expect(rates.slice(0, 10)).toEqual(Array(10).fill(1));
    const kept = rates.slice(10).filter((r) => r > 0);
    // 90 more in the same second: sampled, each kept row says how many it stands for
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(90);
    for (const r of kept) expect([2, 4, 8, 16]).toContain(r);
    // the weights add up to about what was sampled
    const represented = kept.reduce((n, r) => n + r, 0);
    expect(represented).toBeGreaterThan(45);
    expect(represented).toBeLessThanOrEqual(90);
    expect(b.stats.sampledOut).toBe(90 - kept.length);
  });

  it("keeps every error, even in a flood of successes", () => {
    const b = new RequestLogBuffer({ perSecond: 1, maxRows: 10_000 });
    const t = 7_000_000;
    for (let i = 0; i < 1000; i++) b.admit(200, t);
    for (const status of [400, 401, 404, 429, 500, 503]) expect(b.admit(status, t)).toBe(1);
  });

  it("starts a new budget each second, sampling from the start when the last second flooded", () => {
    const b = new RequestLogBuffer({ perSecond: 10, maxRows: 10_000 });
    for (let i = 0; i < 200; i++) b.admit(200, 1_000);
    // next second: the first 10 are kept in full again
    expect(Array.from({ length: 10 }, () => b.admit(200, 2_000))).toEqual(Array(10).fill(1));
    // the 11th onwards is sampled at the rate the previous second needed (200/10 -> 32)
    const next = Array.from({ length: 64 }, () => b.admit(200, 2_000)).filter((r) => r > 0);
    expect(next).toEqual([32, 32]);
  });

  it("bounds memory: beyond maxRows rows are dropped and counted, and a failed write keeps the newest", () => {
    const b = new RequestLogBuffer({ perSecond: 100, maxRows: 3 });
    for (let i = 0; i < 5; i++) if (b.admit(404, 0)) b.push(row(`r${i}`, 404));
    expect(b.pending).toBe(3);
    expect(b.stats.dropped).toBe(2);
    const drained = b.drain();
    expect(b.idle).toBe(false); // in flight until committed or restored
    b.push(row("r9"));
    b.restore(drained);
    expect(b.drain().map((r) => r.id)).toEqual(["r1", "r2", "r9"]);
  });

  it("is idle only when nothing is buffered or in flight", () => {
    const b = new RequestLogBuffer({ perSecond: 100, maxRows: 100 });
    expect(b.idle).toBe(true);
    b.push(row("a"));
    const rows = b.drain();
    expect(b.idle).toBe(false);
    b.committed(rows);
    expect(b.idle).toBe(true);
    expect(b.stats.written).toBe(1);
  });

  it("sample rates are powers of two that bring the rate down to the budget", () => {
    expect(sampleRateFor(11, 10)).toBe(2);
    expect(sampleRateFor(100, 10)).toBe(16);
    expect(sampleRateFor(10_000, 500)).toBe(32);
  });
});
