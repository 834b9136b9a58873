import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import type { RunningApp } from "../support/app";
import { openSse, type SseClient } from "../support/sse";
import { connect, makeKey, saveLogs, startInstances, type TestKey } from "./support/cluster";
import { createPgDatabase, deleteRedisPrefix, redisPrefix } from "./support/infra";
import { report } from "./support/report";

/**
 * Two lean instances on one PostgreSQL database and one Redis: a change committed by a third
 * process (this test, writing like an importer) reaches the live streams on BOTH instances. The
 * instances poll the head only every 10 s, so five writes all arriving on both within 2 s prove
 * the Redis signal; the last write sends no signal (a lost message) and the poll still delivers
 * it (the change feed stays the source of truth).
 */
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let db: Db;
let apps: RunningApp[] = [];
let key: TestKey;
const prefix = redisPrefix();

beforeAll(async () => {
  database = await createPgDatabase();
  db = await connect(database.url, prefix);
  key = await makeKey(db, "unlimited");
  apps = await startInstances(2, database.url, {
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: prefix,
    INSTANCE_COUNT: "2",
    CHANGES_POLL_MS: "10000",
  });
}, 180_000);

afterAll(async () => {
  if (apps.length) saveLogs("stream-fanout", apps);
  await Promise.all(apps.map((a) => a.stop()));
  const { closeRedis } = await import("../../lib/platform/redis");
  await closeRedis();
  await db?.$disconnect();
  await deleteRedisPrefix(prefix);
  database?.drop();
});

/** Commits one team.created change the way a write path does; returns its id. */
async function write(n: number): Promise<number> {
  const { recordChanges } = await import("../../lib/events/changes");
  const id = await db.$transaction((tx) =>
    recordChanges(tx, [
      { type: "team.created", resourceId: n, competitionId: null, contestId: null, data: { id: String(n) } },
    ]),
  );
  return id!;
}

const has = (s: SseClient, id: number) => s.events.some((e) => e.id === String(id));

test("a write is seen by streams on both instances: at once through Redis, later through the poll without it", async () => {
  const streams = await Promise.all(
    apps.map((a) => openSse(`${a.baseUrl}/v1/stream`, { "X-API-Key": key.key })),
  );
  for (const s of streams) expect(s.status).toBe(200);
  const { notifyChanges } = await import("../../lib/events/notify");
  const latencies: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const t = performance.now();
    const id = await write(i);
    await notifyChanges(db);
    await Promise.all(streams.map((s) => s.waitFor(() => has(s, id), 5000)));
    latencies.push(performance.now() - t);
  }
  // Without the signal (a lost pub/sub message): the 10 s poll finds it.
  const silent = await write(99);
  await Promise.all(streams.map((s) => s.waitFor(() => has(s, silent), 15_000)));
  for (const s of streams) {
    s.close();
    // Every event exactly once, in commit order, on both instances.
    const ids = s.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(6);
  }
  report("stream-fanout", { signalledWriteToBothStreamsMs: latencies.map((x) => Math.round(x)) });
  expect(Math.max(...latencies)).toBeLessThan(2000);
}, 90_000);
