import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import type { RunningApp } from "../support/app";
import { connect, makeKey, meteredRequests, saveLogs, startInstances } from "./support/cluster";
import { createPgDatabase, deleteRedisPrefix, redisPrefix } from "./support/infra";
import { countBy, runLoad, send, sleep, type Sample } from "./support/load";
import { report } from "./support/report";

/**
 * The shared limits as leases (docs/scale-out.md): two instances on one PostgreSQL database and
 * one Redis, a key sent four times its rate, counted per window; a monthly quota spent through both.
 * The rate plan is the "100 a minute" example on a 6× faster clock: 600/min, so 100 per 10 s.
 */
const PACED = { ratePerMinute: 600, burst: 5 };
const QUOTA = { monthlyUnits: 150 };
const WINDOW_MS = 10_000;
const WINDOWS = 3;
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let db: Db;
let apps: RunningApp[] = [];
const prefix = redisPrefix();

beforeAll(async () => {
  database = await createPgDatabase();
  db = await connect(database.url, prefix);
  apps = await startInstances(2, database.url, {
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: prefix,
    INSTANCE_COUNT: "2",
    STATLINE_PLANS: JSON.stringify({ relpaced: PACED, relquota: QUOTA }),
  });
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  await db?.$disconnect();
  await deleteRedisPrefix(prefix);
  database?.drop();
});

/** Open-loop: one request every `everyMs`, alternating instances, for `durationMs`. */
async function paced(key: string, everyMs: number, durationMs: number): Promise<Sample[]> {
  const pending: Promise<Sample>[] = [];
  const start = performance.now();
  for (let i = 0; performance.now() - start < durationMs; i++) {
    const due = start + i * everyMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(send(apps[i % 2].baseUrl, "/v1/teams?limit=1", key, i % 2));
  }
  return Promise.all(pending);
}

test("a key sent 4× its rate through two instances: accepted per window within the lease bound", async () => {
  const key = await makeKey(db, "relpaced");
  const { leaseSize } = await import("../../lib/usage/rate-lease");
  const intervalMs = 60_000 / PACED.ratePerMinute;
  const leased = 2 * leaseSize({ burst: PACED.burst, intervalMs }, 2);
  const perWindow = WINDOW_MS / intervalMs; // 100: the "per minute" of the example
  const samples = await paced(key.key, intervalMs / 4, WINDOWS * WINDOW_MS);
  const t0 = samples[0].sentAt;
  const accepted = samples.filter((s) => s.status === 200);
  const windows = Array.from(
    { length: WINDOWS },
    (_, w) =>
      accepted.filter((s) => s.sentAt - t0 >= w * WINDOW_MS && s.sentAt - t0 < (w + 1) * WINDOW_MS).length,
  );
  // Any window of length W, from any request: the exact bucket's burst + W / interval, plus leases.
  let worstSliding = 0;
  for (const first of accepted) {
    const n = accepted.filter((s) => s.sentAt >= first.sentAt && s.sentAt < first.sentAt + WINDOW_MS).length;
    worstSliding = Math.max(worstSliding, n);
  }
  report("leased_rate_limit_windows", {
    plan: PACED,
    offeredPerWindow: Math.round((samples.length * WINDOW_MS) / (WINDOWS * WINDOW_MS)),
    exactPerWindow: perWindow,
    leaseBound: leased,
    acceptedPerWindow: windows,
    worstSlidingWindow: worstSliding,
    byInstance: countBy(samples, (s) => `${s.target}:${s.status}`),
  });
  expect(samples.filter((s) => s.status !== 200 && s.status !== 429)).toEqual([]);
  // +1: a token that refills at the window's very edge.
  expect(worstSliding).toBeLessThanOrEqual(PACED.burst + perWindow + leased + 1);
  // Once the burst is spent: at most the rate plus what the leases hold (≤ 5% of it: ≤ 105).
  for (const n of windows.slice(1)) expect(n).toBeLessThanOrEqual(perWindow + leased + 1);
  expect(perWindow + leased).toBeLessThanOrEqual(105);
  // And the limit is not starved by the leases: both instances admit, the total stays near the rate.
  for (const n of windows.slice(1)) expect(n).toBeGreaterThanOrEqual(perWindow * 0.9);
  expect(accepted.some((s) => s.target === 0) && accepted.some((s) => s.target === 1)).toBe(true);
});

test("a monthly quota spent through two instances stops at the quota; metering stays exact", async () => {
  const key = await makeKey(db, "relquota");
  const samples = await runLoad({
    targets: apps.map((a) => a.baseUrl),
    key: key.key,
    path: "/v1/teams?limit=1",
    concurrency: 4,
    count: 400,
  });
  const accepted = samples.filter((s) => s.status === 200).length;
  // Both instances report their spending within a lease TTL / 4; graceful stop flushes metering.
  await sleep(1000);
  const exitCodes = await Promise.all(apps.map((a) => a.stop("SIGTERM")));
  const metered = await meteredRequests(db, key.keyId);
  report("leased_quota", {
    quota: QUOTA.monthlyUnits,
    sent: samples.length,
    accepted,
    metered,
    statuses: countBy(samples, (s) => `${s.target}:${s.status}:${s.code ?? ""}`),
  });
  expect(exitCodes).toEqual([0, 0]);
  expect(samples.filter((s) => s.status !== 200 && s.status !== 429)).toEqual([]);
  // Every admitted unit was reserved first: within the requests in flight (8) as it ran out.
  expect(accepted).toBeLessThanOrEqual(QUOTA.monthlyUnits + 8);
  expect(accepted).toBeGreaterThanOrEqual(QUOTA.monthlyUnits - 8);
  expect(metered).toBe(samples.length);
  saveLogs("scale-out-leases", apps);
});
