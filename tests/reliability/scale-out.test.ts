import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import { ROOT, type RunningApp } from "../support/app";
import { connect, makeKey, meteredRequests, saveLogs, startInstances, type TestKey } from "./support/cluster";
import { createPgDatabase, deleteRedisPrefix, redisPrefix } from "./support/infra";
import { countBy, median, runLoad, sleep, type Sample } from "./support/load";
import { report } from "./support/report";
import { dumpPostgres, findSecrets } from "./support/secrets";

/**
 * Two lean instances on one PostgreSQL database and one Redis (the reference deployment minus
 * the load balancer: the test spreads requests itself).
 */
const RATE_PLAN = { ratePerMinute: 600, burst: 30 };
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let db: Db;
let apps: RunningApp[] = [];
const prefix = redisPrefix();
const keys: TestKey[] = [];
const urls = () => apps.map((a) => a.baseUrl);

beforeAll(async () => {
  database = await createPgDatabase();
  db = await connect(database.url, prefix);
  apps = await startInstances(2, database.url, {
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: prefix,
    INSTANCE_COUNT: "2",
    STATLINE_PLANS: JSON.stringify({ reltest: RATE_PLAN }),
  });
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  await db?.$disconnect();
  await deleteRedisPrefix(prefix);
  database?.drop();
});

type Channel = "pubsub" | "admin-cli" | "db-only (pub/sub dropped)";

/** When each instance last accepted the revoked key, relative to the start of the revoke. */
async function revocationTrial(channel: Channel): Promise<{
  channel: Channel;
  propagationMs: number[];
  statuses: Record<string, number>;
  lateAccepts: number;
}> {
  const key = await makeKey(db, "unlimited");
  keys.push(key);
  let stopAt = Infinity;
  const load = runLoad({
    targets: urls(),
    key: key.key,
    path: "/v1/teams?limit=2",
    concurrency: 2,
    stop: () => performance.now() > stopAt,
  });
  await sleep(600);
  if (channel === "pubsub") {
    const { revokeApiKey } = await import("../../lib/keys/service");
    await revokeApiKey(db, { prefix: key.prefix }, null, { ip: "reliability-test" });
  } else if (channel === "admin-cli") {
    // Asynchronously, so the load keeps running while the CLI starts.
    await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/admin.ts", "key", "revoke", key.prefix],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: database.url },
      },
    );
  } else {
    await db.apiKey.update({ where: { id: key.keyId }, data: { revokedAt: new Date() } });
  }
  // Measure from the moment the revoking process stamped revokedAt (same host clock), so the
  // admin CLI's start-up time is not counted as propagation.
  const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.keyId }, select: { revokedAt: true } });
  const revokeAt = performance.now() - (Date.now() - row.revokedAt!.getTime());
  stopAt = revokeAt + 2500;
  const samples = await load;
  const propagationMs = [0, 1].map((i) => {
    const accepted = samples.filter((s) => s.target === i && s.status === 200);
    const last = Math.max(revokeAt, ...accepted.map((s) => s.doneAt));
    return Math.round(last - revokeAt);
  });
  const lateAccepts = samples.filter((s) => s.sentAt > revokeAt + 1000 && s.status !== 401).length;
  return {
    channel,
    propagationMs,
    statuses: countBy(samples, (s) => `${s.target}:${s.status}`),
    lateAccepts,
  };
}

test("a revoked key is refused by every instance within 1 s while load runs", async () => {
  const trials: Awaited<ReturnType<typeof revocationTrial>>[] = [];
  for (const channel of [
    "pubsub",
    "pubsub",
    "pubsub",
    "admin-cli",
    "db-only (pub/sub dropped)",
    "db-only (pub/sub dropped)",
  ] as const) {
    trials.push(await revocationTrial(channel));
  }
  const all = trials.flatMap((t) => t.propagationMs);
  const byChannel = (c: Channel) => trials.filter((t) => t.channel === c).flatMap((t) => t.propagationMs);
  report("revocation_propagation", {
    samplesMs: all,
    medianMs: median(all),
    maxMs: Math.max(...all),
    pubsub: { medianMs: median(byChannel("pubsub")), maxMs: Math.max(...byChannel("pubsub")) },
    adminCli: byChannel("admin-cli"),
    dbPollOnly: {
      medianMs: median(byChannel("db-only (pub/sub dropped)")),
      maxMs: Math.max(...byChannel("db-only (pub/sub dropped)")),
    },
    trials,
  });
  for (const t of trials) {
    expect(t.lateAccepts, t.channel).toBe(0);
    expect(Math.max(...t.propagationMs), t.channel).toBeLessThan(1000);
    // Both instances really served the key before the revoke (the trial measured something).
    expect(t.statuses["0:200"] ?? 0).toBeGreaterThan(0);
    expect(t.statuses["1:200"] ?? 0).toBeGreaterThan(0);
  }
});

test("a data import on one side invalidates the response cache of every instance", async () => {
  const key = await makeKey(db, "unlimited");
  keys.push(key);
  const cacheOf = async (url: string) => {
    const res = await fetch(`${url}/v1/teams?limit=3`, { headers: { "X-API-Key": key.key } });
    return ((await res.json()) as { meta: { cache: string } }).meta.cache;
  };
  for (const url of urls()) {
    await cacheOf(url);
    expect(await cacheOf(url)).toBe("HIT");
  }
  const bumpedAt = performance.now();
  // What bumpDataVersion() does after an import or seed, through the test's own client.
  const { DATA_VERSION_KEY } = await import("../../lib/events/data-version");
  const value = `${Date.now()}-reliability`;
  await db.systemState.upsert({
    where: { key: DATA_VERSION_KEY },
    create: { key: DATA_VERSION_KEY, value },
    update: { value },
  });
  const invalidatedMs: number[] = [];
  for (const url of urls()) {
    for (;;) {
      if ((await cacheOf(url)) === "MISS") break;
      expect(performance.now() - bumpedAt).toBeLessThan(3000);
      await sleep(50);
    }
    invalidatedMs.push(Math.round(performance.now() - bumpedAt));
  }
  report("response_cache_invalidation", { invalidatedMs });
  expect(Math.max(...invalidatedMs)).toBeLessThan(2000);
});

test("requests split across both instances respect one shared rate limit (within the lease bound)", async () => {
  const key = await makeKey(db, "reltest");
  keys.push(key);
  const started = performance.now();
  const samples = await runLoad({
    targets: urls(),
    key: key.key,
    path: "/v1/teams?limit=1",
    concurrency: 4,
    count: 400,
  });
  const elapsedMs = performance.now() - started;
  const allowed = samples.filter((s) => s.status === 200).length;
  const intervalMs = 60_000 / RATE_PLAN.ratePerMinute;
  // GCRA/token bucket: at most `burst` at once plus one per interval since the first request,
  // plus the tokens the two instances may hold leased (docs/scale-out.md).
  const ceiling = RATE_PLAN.burst + Math.floor(elapsedMs / intervalMs);
  const { leaseSize } = await import("../../lib/usage/rate-lease");
  const leased = 2 * leaseSize({ burst: RATE_PLAN.burst, intervalMs }, 2);
  const overshoot = Math.max(0, allowed - ceiling);
  report("shared_rate_limit", {
    plan: RATE_PLAN,
    sent: samples.length,
    allowed,
    ceiling,
    leaseBound: leased,
    overshoot,
    byInstance: countBy(samples, (s) => `${s.target}:${s.status}`),
    elapsedMs: Math.round(elapsedMs),
  });
  expect(samples.filter((s) => s.status !== 200 && s.status !== 429)).toEqual([]);
  expect(overshoot).toBeLessThanOrEqual(leased);
  expect(allowed).toBeGreaterThanOrEqual(RATE_PLAN.burst);
  expect(
    samples
      .filter((s) => s.status === 429)
      .every((s) => s.code === "RATE_LIMITED" && Number(s.retryAfter) >= 1),
  ).toBe(true);
});

test("N requests across both instances are metered as exactly N (after SIGTERM)", async () => {
  const key = await makeKey(db, "unlimited");
  keys.push(key);
  const paths = ["/v1/teams?limit=2", "/v1/teams/does-not-exist", "/v1/teams?limit=abc", "/v1/nowhere"];
  const samples: Sample[] = [];
  for (const path of paths)
    samples.push(...(await runLoad({ targets: urls(), key: key.key, path, concurrency: 8, count: 500 })));
  // Graceful stop of both instances: in-flight requests drain, buffered metering is flushed.
  const exitCodes = await Promise.all(apps.map((a) => a.stop("SIGTERM")));
  const metered = await meteredRequests(db, key.keyId);
  report("metering_exactness", {
    sent: samples.length,
    metered,
    statuses: countBy(samples, (s) => String(s.status)),
  });
  expect(exitCodes).toEqual([0, 0]);
  expect(samples.filter((s) => s.status >= 500 || s.status === 0)).toEqual([]);
  expect(metered).toBe(samples.length);

  // The request log rides in the same flushes: every error answer of either instance
  // has its row, and both instances wrote rows to the one PostgreSQL table.
  const errorIds = samples.filter((s) => s.status >= 400).map((s) => s.requestId!);
  expect(errorIds.length).toBeGreaterThan(1000);
  const logged = await db.requestLog.findMany({
    where: { keyPrefix: key.key.slice(0, 16), status: { gte: 400 } },
    select: { id: true },
  });
  expect(new Set(logged.map((r) => r.id))).toEqual(new Set(errorIds));
  const instances = new Set(logged.map((r) => r.id.slice(4, 12)));
  expect(instances.size).toBe(2);
});

test("secrets: no full key in either instance's logs or the database", async () => {
  await Promise.all(apps.map((a) => a.stop("SIGTERM")));
  const text = saveLogs("scale-out", apps);
  expect(text).toContain("statline listening");
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
