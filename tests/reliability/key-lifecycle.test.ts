import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import { call } from "../support/api";
import type { RunningApp } from "../support/app";
import { connect, makeKey, startInstances } from "./support/cluster";
import { createPgDatabase, deleteRedisPrefix, redisPrefix } from "./support/infra";
import { sleep } from "./support/load";
import { report } from "./support/report";

/**
 * Disable, enable, roll and restriction changes reach every instance within 2 s over the
 * revocation path (pub/sub, then the changedAt poll), although scale-out caches keys for 30 s.
 * Two lean instances on one PostgreSQL database and one Redis.
 */
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let db: Db;
let apps: RunningApp[] = [];
const prefix = redisPrefix();
const BOUND_MS = 2000;

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

/** Polls both instances until each answers `want`; returns how long each took after `since`. */
async function until(key: string, path: string, want: number, since: number): Promise<number[]> {
  const took: (number | null)[] = [null, null];
  while (took.some((t) => t === null) && performance.now() - since < BOUND_MS + 3000) {
    await Promise.all(
      apps.map(async (app, i) => {
        if (took[i] !== null) return;
        if ((await call(app.baseUrl, path, { key })).status === want)
          took[i] = Math.round(performance.now() - since);
      }),
    );
    await sleep(20);
  }
  return took.map((t) => t ?? Infinity);
}

async function warm(key: string, path = "/v1/teams?limit=1") {
  for (const app of apps) expect((await call(app.baseUrl, path, { key })).status).toBe(200);
}

const results: Record<string, number[]> = {};

test("disable, enable, roll (grace 0) and a scope change apply on every instance within 2 s", async () => {
  const { setKeyDisabled, rollApiKey, updateApiKey } = await import("../../lib/keys/lifecycle");
  const k = await makeKey(db, "unlimited");
  await warm(k.key);

  let t = performance.now();
  await setKeyDisabled(db, { prefix: k.prefix }, true, null, { ip: "reliability-test" });
  results.disable = await until(k.key, "/v1/teams?limit=1", 401, t);

  t = performance.now();
  await setKeyDisabled(db, { prefix: k.prefix }, false, null, { ip: "reliability-test" });
  results.enable = await until(k.key, "/v1/teams?limit=1", 200, t);

  await warm(k.key);
  t = performance.now();
  await updateApiKey(db, { prefix: k.prefix }, { scopes: ["persons"] }, null, {
    ip: "reliability-test",
  });
  results.scopes = await until(k.key, "/v1/teams?limit=1", 403, t);

  t = performance.now();
  const rolled = await rollApiKey(db, { prefix: k.prefix }, 0, null, { ip: "reliability-test" });
  expect(rolled.ok).toBe(true);
  results.roll = await until(k.key, "/v1/persons?limit=1", 401, t);
  if (rolled.ok) await warm(rolled.value.key, "/v1/persons?limit=1");

  // Pub/sub dropped: only the database poll (changedAt) can tell the instances.
  const k2 = await makeKey(db, "unlimited");
  await warm(k2.key);
  t = performance.now();
  await db.apiKey.update({
    where: { id: k2.keyId },
    data: { disabledAt: new Date(), changedAt: new Date() },
  });
  results.disableDbOnly = await until(k2.key, "/v1/teams?limit=1", 401, t);

  report("key-lifecycle-propagation", results);
  for (const [what, ms] of Object.entries(results)) {
    for (const m of ms) expect(m, what).toBeLessThan(BOUND_MS);
  }
});
