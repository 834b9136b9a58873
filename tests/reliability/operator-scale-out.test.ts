import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import { call } from "../support/api";
import type { RunningApp } from "../support/app";
import { connect, makeKey, startInstances } from "./support/cluster";
import { createPgDatabase, deleteRedisPrefix, redisPrefix } from "./support/infra";
import { sleep } from "./support/load";
import { report } from "./support/report";

/**
 * The operator console's two cross-instance effects on PostgreSQL + Redis, where keys are cached
 * for 30 s: a suspension reaches every instance within the revocation bound (2 s), and a plan edit
 * within the catalogue poll (PLAN_POLL_MS, default 2 s, plus one request).
 */
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let db: Db;
let apps: RunningApp[] = [];
const prefix = redisPrefix();
const BOUND_MS = 2000;
const actor = { userId: null, name: "reliability-operator", ip: "reliability-test" };

beforeAll(async () => {
  database = await createPgDatabase();
  db = await connect(database.url, prefix);
  apps = await startInstances(2, database.url, {
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: prefix,
    INSTANCE_COUNT: "2",
  });
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  await db?.$disconnect();
  await deleteRedisPrefix(prefix);
  database?.drop();
});

/** Polls both instances until `check` holds for each; how long each took after `since`. */
async function until(
  key: string,
  check: (r: Awaited<ReturnType<typeof call>>) => boolean,
  since: number,
  budget = BOUND_MS + 3000,
): Promise<number[]> {
  const took: (number | null)[] = [null, null];
  while (took.some((t) => t === null) && performance.now() - since < budget) {
    await Promise.all(
      apps.map(async (app, i) => {
        if (took[i] !== null) return;
        if (check(await call(app.baseUrl, "/v1/teams?limit=1", { key })))
          took[i] = Math.round(performance.now() - since);
      }),
    );
    await sleep(20);
  }
  return took.map((t) => t ?? Infinity);
}

test("suspend and reinstate reach both instances within 2 s; a plan edit within the catalogue poll", async () => {
  const { suspendAccount, reinstateAccount } = await import("../../lib/operator/suspension");
  const { savePlan } = await import("../../lib/plans/catalogue");
  const k = await makeKey(db, "pro");
  for (const app of apps)
    expect((await call(app.baseUrl, "/v1/teams?limit=1", { key: k.key })).status).toBe(200);
  const results: Record<string, number[]> = {};

  let t = performance.now();
  await suspendAccount(db, k.accountId, "reliability", actor);
  results.suspend = await until(
    k.key,
    (r) => r.status === 401 && r.body?.error?.message === "Invalid API key",
    t,
  );

  t = performance.now();
  await reinstateAccount(db, k.accountId, actor);
  results.reinstate = await until(k.key, (r) => r.status === 200, t);

  t = performance.now();
  await savePlan(
    db,
    "pro",
    { label: "Pro", ratePerMinute: 6000, burst: 77, monthlyUnits: null },
    { ...actor, accountId: null },
  );
  results.planEdit = await until(k.key, (r) => r.headers.get("x-ratelimit-limit") === "77", t, 8000);

  report("operator-propagation", results);
  for (const what of ["suspend", "reinstate"])
    for (const ms of results[what]) expect(ms, what).toBeLessThan(BOUND_MS);
  // PLAN_POLL_MS (2000) plus a request and a poll query.
  for (const ms of results.planEdit) expect(ms, "planEdit").toBeLessThan(2000 + 1000);
});
