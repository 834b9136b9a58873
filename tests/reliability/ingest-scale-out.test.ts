import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import type { RunningApp } from "../support/app";
import { openSse, type SseClient } from "../support/sse";
import { connect, makeKey, saveLogs, startInstances, type TestKey } from "./support/cluster";
import { createPgDatabase, deleteRedisPrefix, redisPrefix } from "./support/infra";

/**
 * Two lean instances on one PostgreSQL database and Redis. Writes are accepted by /ingest/v1 on
 * instance A; a /v1/stream client on instance B gets every one of them, once and in order, and B's
 * /v1 answers the written state. An odds batch accepted on A drops B's cached odds history but
 * leaves B's cached /v1/teams page in place (the odds-only data version).
 */
const WRITES = 20;
const SOURCE = "relfeed";
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let db: Db;
let apps: RunningApp[] = [];
let feed: string;
let reader: TestKey;
let sse: SseClient | undefined;
const prefix = redisPrefix();

beforeAll(async () => {
  database = await createPgDatabase();
  db = await connect(database.url, prefix);
  process.env.NEXTAUTH_SECRET = "reliability-secret-not-for-production-0123456789";
  const { createApiKey } = await import("../../lib/keys/service");
  reader = await makeKey(db, "unlimited", "live");
  await db.account.update({ where: { id: reader.accountId }, data: { operator: true } });
  feed = (
    await createApiKey(db, {
      accountId: reader.accountId,
      name: "feed",
      environment: "live",
      options: { scopes: ["ingest"] },
    })
  ).key;
  apps = await startInstances(2, database.url, {
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: prefix,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET,
    STREAM_HEARTBEAT_MS: "1000",
  });
}, 120_000);

afterAll(async () => {
  sse?.close();
  if (apps.length) saveLogs("ingest-scale-out", apps);
  await Promise.all(apps.map((a) => a.stop()));
  await db?.$disconnect();
  await deleteRedisPrefix(prefix);
  database?.drop();
});

let n = 0;
async function ingest(method: string, path: string, body: string, ndjson = false) {
  const res = await fetch(`${apps[0].baseUrl}/ingest/v1/${SOURCE}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${feed}`,
      "Idempotency-Key": `rel-${++n}`,
      "Content-Type": ndjson ? "application/x-ndjson" : "application/json",
    },
    body,
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return (JSON.parse(text) as { data: { id: string } }).data;
}

async function readB(path: string) {
  const res = await fetch(`${apps[1].baseUrl}/v1${path}`, { headers: { "X-API-Key": reader.key } });
  expect(res.status).toBe(200);
  return (await res.json()) as { data: unknown; meta: { cache: "HIT" | "MISS" } };
}

test("a write accepted on instance A reaches a /v1/stream client on instance B, once and in order", async () => {
  const at = new Date().toISOString();
  const put = (p: string, b: Record<string, unknown>) =>
    ingest("PUT", p, JSON.stringify({ ...b, feed_at: at }));
  await put("/competitions/cup", { name: "Reliability Cup", format: "knockout" });
  await put("/editions/e1", { competition: "cup", name: "2026" });
  await put("/teams/a", { name: "Reliability Alpha" });
  await put("/teams/b", { name: "Reliability Beta" });
  const contest = await put("/contests/m", {
    edition: "e1",
    home: { team: "a" },
    away: { team: "b" },
    kickoff_at: at,
  });
  await ingest(
    "POST",
    "/contests/m/state",
    JSON.stringify({ status: "live", score: { home: 0, away: 0 }, feed_at: at }),
  );

  sse = await openSse(`${apps[1].baseUrl}/v1/stream?types=contest`, { "X-API-Key": reader.key });
  expect(sse.status).toBe(200);
  const stream = sse;
  const eventIds = (events: SseClient["events"]) =>
    events
      .filter((e) => e.event === "contest.event")
      .map((e) => (JSON.parse(e.data) as { data: { id: string } }).data.id);

  const written: string[] = [];
  const delays: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const body = {
      type: "yellow_card",
      minute: i + 1,
      side: i % 2 ? "home" : "away",
      feed_at: new Date().toISOString(),
    };
    const { id } = await ingest("PUT", `/contests/m/events/y${i}`, JSON.stringify(body));
    const answered = performance.now();
    written.push(id);
    await stream.waitFor((events) => eventIds(events).includes(id), 5_000);
    delays.push(performance.now() - answered);
  }
  // Every write once, in the order A accepted them (the change ids follow commit order).
  expect(eventIds(stream.events)).toEqual(written);
  const sorted = [...delays].sort((a, b) => a - b);
  console.log(
    `ingest on A -> /v1/stream on B: p50 ${sorted[Math.floor(WRITES / 2)].toFixed(1)} ms, max ${sorted[WRITES - 1].toFixed(1)} ms (${WRITES} writes)`,
  );

  // B's /v1 answers the written state (its cache was dropped through the data version).
  const events = (await readB(`/contests/${contest.id}/events`)).data as { items: { id: string }[] };
  expect(events.items.map((e) => e.id)).toEqual(expect.arrayContaining(written));

  // An odds batch on A: B drops its cached odds history, keeps its cached teams page. First B's
  // data-version poll (every second) takes in the match events' bump, which drops everything.
  await new Promise((r) => setTimeout(r, 1_500));
  await readB("/teams");
  expect((await readB("/teams")).meta.cache).toBe("HIT");
  expect((await readB(`/contests/${contest.id}/odds/history`)).data).toMatchObject({ items: [] });
  const prices = ["home", "draw", "away"].map((selection, i) =>
    JSON.stringify({
      contest: "m",
      bookmaker: "pinnacle",
      market: "h2h",
      selection,
      price: 2 + i,
      observed_at: at,
    }),
  );
  await ingest("POST", "/odds", prices.join("\n"), true);
  const deadline = Date.now() + 5_000;
  let history = await readB(`/contests/${contest.id}/odds/history`);
  while ((history.data as { items: unknown[] }).items.length < 3 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    history = await readB(`/contests/${contest.id}/odds/history`);
  }
  expect((history.data as { items: unknown[] }).items).toHaveLength(3);
  expect((await readB("/teams")).meta.cache).toBe("HIT");

  // The home price moves 2 -> 3 a minute later: 1/3 - 1/2 = -16.7 percentage points, one
  // odds.moved (computed on the PostgreSQL path) that B's change feed shows.
  const later = new Date(Date.parse(at) + 60_000).toISOString();
  const moved = JSON.stringify({
    contest: "m",
    bookmaker: "pinnacle",
    market: "h2h",
    selection: "home",
    price: 3,
    observed_at: later,
  });
  await ingest("POST", "/odds", moved, true);
  const feed = (await readB(`/changes?types=odds.moved&contest=${contest.id}`)).data as {
    items: { data: { magnitude_pp: number; moves: { from_price: number; price: number }[] } }[];
  };
  expect(feed.items).toHaveLength(1);
  expect(feed.items[0].data.magnitude_pp).toBeCloseTo((1 / 2 - 1 / 3) * 100, 9);
  expect(feed.items[0].data.moves[0]).toMatchObject({ from_price: 2, price: 3 });
}, 120_000);
