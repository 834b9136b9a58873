import { perProcess } from "../platform/process-state";
import { metrics } from "../platform/metrics";
import { compressHead, etagOf, type Compressed } from "./encoding";
import type { ApiRequest } from "./types";
import type { UnitGroup } from "../plans/unit-groups";
import { envBool, envInt } from "../platform/config";
import { readDataVersions, type DataScope, type DataVersions } from "../events/data-version";

/**
 * Short-lived cache of serialized `data` payloads for repeated reads. Writers bump the
 * "data_version" row (or "data_version.odds" for odds-only writes); a background poll clears the
 * cache (or its odds entries) when one changes, so no request pays for the check.
 */
export interface CacheEntry {
  fetchedAt: string;
  expiresAt: number;
  /** Strong validator of the data: a hash of `head`, which is a fixed function of it (lib/api/encoding.ts). */
  etag: string;
  /** The body up to the request id (`{"data":…,"meta":{"request_id":"`), or the whole raw body. */
  head: Buffer;
  /** gzip and br of `head`, made once when stored; absent below the size threshold. */
  compressed?: Compressed;
  /** Bytes this entry holds: the head and every compressed copy. */
  bytes: number;
  /** The group a route priced by its result is priced as (RouteDef.groupOf); unset: the route's group. */
  group?: UnitGroup;
  /**
   * ETag, Cache-Control and Vary, made once with the entry: every 200 or 304 served from it sends
   * the same three (a fresh object per hit was a third of the header work in the hit's profile).
   */
  validators: Readonly<Record<string, string>>;
  /** The route reads odds points (RouteDef.readsOdds): dropped by odds-only writes too. */
  readsOdds?: boolean;
}

/** The raw path plus query string: equal bytes always parse to the same query. */
export function requestCacheKey(req: ApiRequest): string {
  return `${req.path}?${req.rawQuery ?? req.query.toString()}`;
}

const MAX_ENTRIES = envInt("RESPONSE_CACHE_MAX_ENTRIES");
/** Every copy counts (data, head, gzip, br); oldest entries go first when over budget. */
const MAX_BYTES = envInt("RESPONSE_CACHE_MAX_BYTES");
/** A body larger than this would evict many small hot entries for one cold one: not cached. */
const MAX_ENTRY_BYTES = MAX_BYTES / 16;
/** RESPONSE_CACHE=off turns the cache off (the benchmark measures uncached reads this way). */
const ENABLED = envBool("RESPONSE_CACHE") && MAX_ENTRIES > 0 && MAX_BYTES > 0;
const SWEEP_MS = 10_000;
const state = perProcess("responseCache", () => ({
  entries: new Map<string, CacheEntry>(),
  bytes: 0,
  nextSweep: 0,
}));

export function cacheGet(key: string): CacheEntry | undefined {
  if (!ENABLED) return undefined;
  const hit = state.entries.get(key);
  if (!hit) return undefined;
  if (hit.expiresAt <= Date.now()) {
    remove(key, hit);
    return undefined;
  }
  return hit;
}

function remove(key: string, entry: CacheEntry): void {
  state.entries.delete(key);
  state.bytes -= entry.bytes;
}

/** Drops expired entries; run at most every SWEEP_MS from cacheSet and from the data-version poll. */
export function sweepExpired(now = Date.now()): void {
  state.nextSweep = now + SWEEP_MS;
  for (const [key, entry] of state.entries) if (entry.expiresAt <= now) remove(key, entry);
}

/**
 * Builds the entry for a fresh payload (head, ETag, compressed copies). The data string is not
 * kept: the head holds its bytes, and the ETag hashes those bytes rather than encoding the
 * string a second time (a 28 KB odds page: one UTF-8 pass instead of three per miss).
 */
export function makeEntry(
  dataJson: string,
  fetchedAt: string,
  ttlMs: number,
  raw: boolean,
  cacheControl = "no-store",
): CacheEntry {
  const head = Buffer.from(raw ? dataJson : `{"data":${dataJson},"meta":{"request_id":"`);
  const stored = ENABLED && ttlMs > 0;
  const compressed = stored ? compressHead(head) : undefined;
  const bytes = head.length + (compressed ? compressed.gzip.length + compressed.br.length : 0);
  const etag = etagOf(head);
  return {
    fetchedAt,
    expiresAt: Date.now() + ttlMs,
    etag,
    head,
    compressed,
    bytes,
    validators: { ETag: etag, "Cache-Control": cacheControl, Vary: "Accept-Encoding" },
  };
}

export function cacheSet(key: string, entry: CacheEntry): void {
  if (!ENABLED || entry.bytes > MAX_ENTRY_BYTES) return;
  const now = Date.now();
  if (now >= state.nextSweep) sweepExpired(now);
  const old = state.entries.get(key);
  if (old) remove(key, old);
  const entries = state.entries;
  while (entries.size > 0 && (entries.size >= MAX_ENTRIES || state.bytes + entry.bytes > MAX_BYTES)) {
    const oldest = entries.keys().next().value!;
    remove(oldest, entries.get(oldest)!);
  }
  entries.set(key, entry);
  state.bytes += entry.bytes;
}

/** Entries and bytes held (tests, metrics). */
export function cacheStats(): { entries: number; bytes: number } {
  return { entries: state.entries.size, bytes: state.bytes };
}
metrics.probes.responseCache = cacheStats;

/**
 * Drops what a write made stale: every entry ("all"), or only the entries of routes that read odds
 * ("odds"). Measured on the ingest bench: dropping everything on each 500-price odds batch made
 * every /v1/teams reader miss four times a second.
 */
export function invalidateResponseCache(scope: DataScope = "all"): void {
  if (scope === "all") {
    state.entries.clear();
    state.bytes = 0;
    return;
  }
  for (const [key, entry] of state.entries) if (entry.readsOdds) remove(key, entry);
}

let watching: NodeJS.Timeout | undefined;
let last: DataVersions | undefined;

/** Polls the data versions once a second, off the request path. */
export function watchDataVersion(intervalMs = envInt("DATA_VERSION_POLL_MS")): void {
  if (watching) return;
  const poll = async () => {
    try {
      const now = await readDataVersions();
      if (last && now.all !== last.all) invalidateResponseCache("all");
      else if (last && now.odds !== last.odds) invalidateResponseCache("odds");
      else sweepExpired();
      last = now;
    } catch {
      // Database briefly unreachable: keep the cache; entries still expire by TTL.
    }
  };
  void poll();
  watching = setInterval(poll, intervalMs);
  watching.unref();
}
