import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import type { RunningApp } from "../support/app";
import { connect, makeKey, saveLogs, startInstances, type TestKey } from "./support/cluster";
import { createPgDatabase, deleteRedisPrefix, redisPrefix, TcpProxy } from "./support/infra";
import { countBy, runLoad, sleep } from "./support/load";
import { report } from "./support/report";
import { dumpPostgres, findSecrets } from "./support/secrets";

/**
 * Redis outage under load with two instances: both reach Redis through a TCP proxy the test cuts
 * (refused, then black-holed) and restores. The service keeps answering, the cluster never
 * admits more than the plan, and shared limits come back by themselves.
 */
const PLAN = { ratePerMinute: 600, burst: 30 };
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let db: Db;
let proxy: TcpProxy;
let apps: RunningApp[] = [];
const prefix = redisPrefix();
const keys: TestKey[] = [];

beforeAll(async () => {
  database = await createPgDatabase();
  db = await connect(database.url, prefix);
  proxy = await new TcpProxy(6379).start();
  apps = await startInstances(2, database.url, {
    REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
    REDIS_PREFIX: prefix,
    INSTANCE_COUNT: "2",
    STATLINE_PLANS: JSON.stringify({ reltest: PLAN }),
  });
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  await proxy?.cut();
  await db?.$disconnect();
  await deleteRedisPrefix(prefix);
  database?.drop();
});

async function readiness(app: RunningApp): Promise<{ status: string; redis: string }> {
  return (await fetch(`${app.baseUrl}/readyz`)).json() as Promise<{ status: string; redis: string }>;
}

async function gauge(app: RunningApp, name: string): Promise<number> {
  const text = await (await fetch(`${app.baseUrl}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
}

test("Redis outage: per-instance limits never wider than the plan, no 500s, recovery", async () => {
  const key = await makeKey(db, "reltest");
  keys.push(key);
  const interval = 60_000 / PLAN.ratePerMinute;
  let done = false;
  const load = runLoad({
    targets: apps.map((a) => a.baseUrl),
    key: key.key,
    path: "/v1/teams?limit=1",
    concurrency: 2,
    stop: () => done,
  });
  const phases: { mode: string; degraded: boolean[]; fallbackGauge: number[]; recoveryMs: number | null }[] =
    [];
  await sleep(1500);
  for (const mode of ["refuse", "blackhole"] as const) {
    await proxy.cut(mode);
    await sleep(2500);
    const degraded = await Promise.all(apps.map(async (a) => (await readiness(a)).status === "degraded"));
    const fallbackGauge = await Promise.all(apps.map((a) => gauge(a, "statline_rate_limiter_fallback")));
    const restoredAt = performance.now();
    await proxy.restore();
    let recoveryMs: number | null = null;
    for (const deadline = restoredAt + 15_000; performance.now() < deadline; await sleep(50)) {
      const states = await Promise.all(apps.map(readiness));
      const gauges = await Promise.all(apps.map((a) => gauge(a, "statline_rate_limiter_fallback")));
      if (states.every((s) => s.redis === "up") && gauges.every((g) => g === 0)) {
        recoveryMs = Math.round(performance.now() - restoredAt);
        break;
      }
    }
    phases.push({ mode, degraded, fallbackGauge, recoveryMs });
    await sleep(1500);
  }
  done = true;
  const samples = await load;
  const elapsedMs = Math.max(...samples.map((s) => s.doneAt)) - Math.min(...samples.map((s) => s.sentAt));
  const admitted = samples.filter((s) => s.status === 200).length;
  const ceiling = PLAN.burst + Math.floor(elapsedMs / interval);
  const statuses = countBy(samples, (s) => `${s.status}${s.code ? ` ${s.code}` : ""}`);
  report("outage_redis", {
    plan: PLAN,
    instances: 2,
    requests: samples.length,
    statuses,
    admitted,
    ceiling,
    overshoot: Math.max(0, admitted - ceiling),
    phases,
    elapsedMs: Math.round(elapsedMs),
  });

  expect(
    samples.filter((s) => s.status !== 200 && s.status !== 429),
    JSON.stringify(statuses),
  ).toEqual([]);
  expect(admitted).toBeLessThanOrEqual(ceiling);
  // It kept serving: admissions happened during each outage, roughly at the plan's rate.
  expect(admitted).toBeGreaterThan(ceiling * 0.5);
  for (const p of phases) {
    expect(p.degraded, p.mode).toEqual([true, true]);
    expect(p.fallbackGauge, p.mode).toEqual([1, 1]);
    expect(p.recoveryMs, `${p.mode}: shared limits did not come back`).not.toBeNull();
  }
});

test("secrets: no full key in either instance's logs or the database", async () => {
  await Promise.all(apps.map((a) => a.stop("SIGTERM")));
  const text = saveLogs("outage-redis", apps);
  expect(text).toContain("redis down");
  expect(
    findSecrets(
      [
        { name: "logs", text },
        { name: "db", text: await dumpPostgres(db) },
      ],
      keys.map((k) => k.key),
    ),
  ).toEqual([]);
});
