import { perProcess } from "../platform/process-state";
import { db } from "../platform/db";
import { withTimeout } from "../platform/timeout";
import { createUsageControl } from "./control";
import { Flusher, type FlushStats } from "./flusher";
import { MemoryRateLimiter, type Decision, type RateLimiter } from "./limiter";
import type { RateRule } from "../plans";
import { Meter } from "./meter";
import { MemoryQuotaLedger, type QuotaLedger } from "./quota";
import { databaseStore } from "./store";
import { maybePruneRequestLogs, requestLogConfig, requestLogState } from "../requestlog";
import { metrics } from "../platform/metrics";
import { redisConfigured } from "../platform/redis";
import { RedisRateLimiter } from "./redis-limiter";
import { RedisQuotaLedger } from "./redis-quota";
import type { UsageControl } from "./types";
import { envInt } from "../platform/config";
import { createQuotaWatch } from "../alerts/quota-watch";

export type { Admission, Refusal, UsageControl } from "./types";

const FLUSH_INTERVAL_MS = envInt("USAGE_FLUSH_INTERVAL_MS");
const QUOTA_LOAD_TIMEOUT_MS = envInt("AUTH_DB_TIMEOUT_MS");
const SWEEP_EVERY_MS = 60_000;

// One set of state per process (lib/platform/process-state.ts).
function build() {
  const store = databaseStore(db);
  const meter = new Meter();
  const loadUsed = (accountId: string, month: number) =>
    withTimeout(store.monthUnits(accountId, month), QUOTA_LOAD_TIMEOUT_MS, "usage store");
  // Scale-out (REDIS_URL): limits and quotas shared across instances in Redis.
  const shared = redisConfigured();
  const limiter = shared ? new RedisRateLimiter() : new MemoryRateLimiter();
  const quota = shared ? new RedisQuotaLedger(loadUsed) : new MemoryQuotaLedger(loadUsed);
  // Per-key unit caps: the same ledgers keyed by key id (cuids never collide with account ids).
  const loadKeyUsed = (keyId: string, month: number) =>
    withTimeout(store.keyMonthUnits(keyId, month), QUOTA_LOAD_TIMEOUT_MS, "usage store");
  const keyQuota = shared ? new RedisQuotaLedger(loadKeyUsed) : new MemoryQuotaLedger(loadKeyUsed);
  let lastSweep = Date.now();
  const logs = requestLogState;
  const quotaWatch = createQuotaWatch({ db, used: (accountId, month) => quota.peek(accountId, month) });
  const flusher = new Flusher(
    meter,
    store,
    FLUSH_INTERVAL_MS,
    (now) => {
      if (requestLogConfig.enabled) maybePruneRequestLogs(db, now);
      if (now - lastSweep < SWEEP_EVERY_MS) return;
      lastSweep = now;
      limiter.sweep(now);
    },
    logs.buffer,
    (batch) => quotaWatch.afterFlush(batch.usage),
  );
  logs.onFirstPush = () => flusher.start();
  const control = createUsageControl({
    limiter,
    quota,
    keyQuota,
    meter,
    onFirstRecord: () => flusher.start(),
  });
  return { control, meter, limiter, flusher, quota, keyQuota };
}

const state = perProcess("usage", build);

metrics.probes.usage = () => {
  const { meter, flusher } = state;
  const last = flusher.stats.lastFlushAt;
  const lagMs = meter.idle ? 0 : last === null ? 0 : Date.now() - last;
  return {
    bufferedRequests: meter.pending,
    flushLagSeconds: lagMs / 1000,
    flushFailures: flusher.stats.failures,
  };
};

export const usage: UsageControl = state.control;

/**
 * Writes everything buffered (server shutdown). Retries while the database refuses, up to
 * `timeoutMs`; resolves false when counts could not be written in time.
 */
export async function flushUsage(timeoutMs = 5000): Promise<boolean> {
  // Scale-out: report spending and give back reservations and leases, so the others can use them.
  const shared: (QuotaLedger | RateLimiter)[] = [state.quota, state.keyQuota, state.limiter];
  await Promise.allSettled(shared.map((s) => s.release?.()));
  return state.flusher.flushAll(timeoutMs);
}

export interface UsageStats {
  flush: FlushStats;
  /** Requests recorded but not yet in the database, and the oldest write's age. */
  pendingRequests: number;
  flushLagMs: number | null;
  recordedRequests: number;
  /** Failed authentications that could not be attributed to an account, by reason. */
  unattributedAuthFailures: Readonly<
    Record<"missing" | "malformed" | "unknown_prefix" | "backend_unavailable", number>
  >;
  limiterKeys: number;
}

/** For /metrics and tests: counters of this process. */
export function usageStats(): UsageStats {
  const { flusher, meter, limiter } = state;
  const last = flusher.stats.lastFlushAt;
  return {
    flush: { ...flusher.stats },
    pendingRequests: meter.pending,
    flushLagMs: meter.idle ? 0 : last === null ? null : Date.now() - last,
    recordedRequests: meter.recorded,
    unattributedAuthFailures: { ...meter.unattributed },
    limiterKeys: limiter.size,
  };
}

/**
 * One rate-limit check outside /v1 (sign-up per IP) on the same limiter as API keys: in memory,
 * or shared through Redis in scale-out mode. Callers namespace their keys ("signup:<ip>").
 */
export function takeRateLimit(key: string, rule: RateRule): Decision | Promise<Decision> {
  return state.limiter.take(key, rule, Date.now());
}
