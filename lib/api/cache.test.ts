import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The response cache's byte budget (RESPONSE_CACHE_MAX_BYTES): every copy an entry holds counts,
// oversized bodies are not cached, expired entries are swept. Limits are read at import.

type CacheModule = typeof import("./cache");
let cache: CacheModule;

async function load(maxBytes: number): Promise<CacheModule> {
  vi.stubEnv("RESPONSE_CACHE_MAX_BYTES", String(maxBytes));
  vi.stubEnv("RESPONSE_CACHE", "on");
  vi.resetModules();
  const m = await import("./cache");
  m.invalidateResponseCache();
  return m;
}

/** A payload of about `kb` KiB that compresses (repeated rows). */
const payload = (kb: number, seed: string) =>
  JSON.stringify(Array.from({ length: kb * 16 }, (_, i) => ({ id: `${seed}${i}`, name: "Kylian Mbappé" })));

describe("response cache byte budget", () => {
  beforeEach(async () => {
    cache = await load(1024 * 1024);
  });
  afterEach(() => {
    cache.invalidateResponseCache();
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });

  it("counts the head and both compressed copies (the data string is not kept)", () => {
    const data = payload(8, "a");
    const entry = cache.makeEntry(data, new Date().toISOString(), 30_000, false);
    expect(entry.compressed).toBeDefined();
    const c = entry.compressed!;
    expect(entry.bytes).toBe(entry.head.length + c.gzip.length + c.br.length);
    expect(entry.head.toString()).toBe(`{"data":${data},"meta":{"request_id":"`);
    expect(Object.values(entry)).not.toContain(data);
    cache.cacheSet("/v1/a?", entry);
    expect(cache.cacheStats()).toEqual({ entries: 1, bytes: entry.bytes });
    // The stored copies are a valid start of the body.
    expect(zlib.inflateRawSync(c.gzip, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).equals(entry.head)).toBe(
      true,
    );
  });

  it("evicts the oldest entries to stay within the budget", () => {
    const keys: string[] = [];
    for (let i = 0; i < 40; i++) {
      const key = `/v1/persons?offset=${i}`;
      keys.push(key);
      const entry = cache.makeEntry(payload(40, `k${i}`), new Date().toISOString(), 30_000, false);
      expect(entry.bytes).toBeLessThan((1024 * 1024) / 16);
      cache.cacheSet(key, entry);
      expect(cache.cacheStats().bytes).toBeLessThanOrEqual(1024 * 1024);
    }
    expect(cache.cacheGet(keys[0])).toBeUndefined();
    expect(cache.cacheGet(keys[39])).toBeDefined();
    expect(cache.cacheStats().entries).toBeLessThan(40);
  });

  it("does not cache a body larger than a sixteenth of the budget", () => {
    const big = cache.makeEntry(payload(120, "big"), new Date().toISOString(), 30_000, false);
    expect(big.bytes).toBeGreaterThan((1024 * 1024) / 16);
    cache.cacheSet("/v1/big?", big);
    expect(cache.cacheGet("/v1/big?")).toBeUndefined();
    expect(cache.cacheStats()).toEqual({ entries: 0, bytes: 0 });
  });

  it("sweeps expired entries and gives their bytes back", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    cache.cacheSet("/v1/short?", cache.makeEntry(payload(4, "s"), "t", 1_000, false));
    cache.cacheSet("/v1/long?", cache.makeEntry(payload(4, "l"), "t", 60_000, false));
    vi.setSystemTime(1_000_000 + 5_000);
    cache.sweepExpired();
    expect(cache.cacheStats().entries).toBe(1);
    expect(cache.cacheGet("/v1/long?")).toBeDefined();
    expect(cache.cacheStats().bytes).toBe(cache.cacheGet("/v1/long?")!.bytes);
  });

  it("an odds-only invalidation drops the odds readers' entries and keeps the others", () => {
    const teams = cache.makeEntry(payload(2, "t"), "t", 30_000, false);
    const odds = cache.makeEntry(payload(2, "o"), "t", 30_000, false);
    odds.readsOdds = true;
    cache.cacheSet("/v1/teams?", teams);
    cache.cacheSet("/v1/contests/1/odds/history?", odds);
    cache.invalidateResponseCache("odds");
    expect(cache.cacheGet("/v1/contests/1/odds/history?")).toBeUndefined();
    expect(cache.cacheGet("/v1/teams?")).toBe(teams);
    expect(cache.cacheStats()).toEqual({ entries: 1, bytes: teams.bytes });
    cache.invalidateResponseCache();
    expect(cache.cacheStats()).toEqual({ entries: 0, bytes: 0 });
  });
});
