import { perProcess } from "../process-state";
import { db } from "../db";
import type { ApiRequest } from "./types";

/**
 * Short-lived cache of serialized `data` payloads for repeated reads. Seed and import bump the
 * "data_version" row; a background poll (and, in scale-out mode, Redis pub/sub) clears the cache
 * when it changes, so no request pays for the check.
 */
export interface CacheEntry {
  dataJson: string;
  fetchedAt: string;
  expiresAt: number;
  /** `{"data":<dataJson>,"meta":{"request_id":"` as UTF-8, made on the first hit (respond.ts). */
  head?: Buffer;
}

/** The raw path plus query string: equal bytes always parse to the same query. */
export function requestCacheKey(req: ApiRequest): string {
  return `${req.path}?${req.rawQuery ?? req.query.toString()}`;
}

const MAX_ENTRIES = Number(process.env.RESPONSE_CACHE_MAX_ENTRIES ?? 5000);
/** RESPONSE_CACHE=off turns the cache off (the benchmark measures uncached reads this way). */
const ENABLED = process.env.RESPONSE_CACHE !== "off" && MAX_ENTRIES > 0;
const entries = perProcess("responseCache", () => new Map<string, CacheEntry>());

export function cacheGet(key: string): CacheEntry | undefined {
  if (!ENABLED) return undefined;
  const hit = entries.get(key);
  if (!hit) return undefined;
  if (hit.expiresAt <= Date.now()) {
    entries.delete(key);
    return undefined;
  }
  return hit;
}

export function cacheSet(key: string, dataJson: string, fetchedAt: string, ttlMs: number): void {
  if (!ENABLED) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { dataJson, fetchedAt, expiresAt: Date.now() + ttlMs });
}

export function invalidateResponseCache(): void {
  entries.clear();
}

export const DATA_VERSION_KEY = "data_version";

/** Called by seed and import after they change sports data. */
export async function bumpDataVersion(): Promise<void> {
  const value = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await db.systemState.upsert({
    where: { key: DATA_VERSION_KEY },
    create: { key: DATA_VERSION_KEY, value },
    update: { value },
  });
}

let watching: NodeJS.Timeout | undefined;
let lastVersion: string | null | undefined;

/** Polls data_version once a second, off the request path. */
export function watchDataVersion(intervalMs = Number(process.env.DATA_VERSION_POLL_MS ?? 1000)): void {
  if (watching) return;
  const poll = async () => {
    try {
      const row = await db.systemState.findUnique({ where: { key: DATA_VERSION_KEY } });
      const version = row?.value ?? null;
      if (lastVersion !== undefined && version !== lastVersion) invalidateResponseCache();
      lastVersion = version;
    } catch {
      // Database briefly unreachable: keep the cache; entries still expire by TTL.
    }
  };
  void poll();
  watching = setInterval(poll, intervalMs);
  watching.unref();
}
