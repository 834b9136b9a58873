import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { recordChanges } from "../../lib/events/changes";
import { headId } from "../../lib/events/store";
import type { ChangeType } from "../../lib/events/types";
import { call, expectError, expectOk } from "../support/api";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { admin, createUnlimitedKey } from "../support/cli";
import { openSse } from "../support/sse";
import { ensureTemplateDb } from "../support/template";

/**
 * The change feed and the live stream give a key only the change types its
 * scopes read, price odds changes like odds, and end a stream once the key's units are spent.
 * Changes are written under contest ids no real contest has, so each test reads only its own.
 */
let url: string;
let db: Db;
let app: RunningApp;
let full: string;
let start: number;

function key(email: string, ...flags: string[]): string {
  const out = admin(url, "key", "create", "--email", email, "--environment", "test", "--name", "k", ...flags);
  return out.trim().split("\n").at(-1)!;
}

async function write(contestId: number, types: ChangeType[]) {
  await db.$transaction((tx) =>
    recordChanges(
      tx,
      types.map((type) => ({ type, resourceId: contestId, competitionId: null, contestId, data: { n: 1 } })),
    ),
  );
}

beforeAll(async () => {
  url = copyTemplateDb(ensureTemplateDb());
  db = createClient(url);
  full = createUnlimitedKey(url, "full@example.com");
  start = await headId(db);
  await write(990001, ["odds.points", "contest.score", "odds.points", "team.created"]);
  await write(990002, ["odds.points", "odds.points", "odds.points", "odds.points", "odds.points"]);
  await write(990003, ["contest.score", "contest.score", "contest.score", "contest.score", "contest.score"]);
  app = await startApp({
    databaseUrl: url,
    env: { STREAM_AUTH_CHECK_MS: "200", CHANGES_POLL_MS: "100", STREAM_EVENTS_PER_UNIT: "10" },
  });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await db?.$disconnect();
});

const feedPath = (query: string) => `/v1/changes?limit=1000${query}`;
const feed = (k: string, query: string) => call(app.baseUrl, feedPath(query), { key: k });
const stream = (k: string, query: string) =>
  openSse(`${app.baseUrl}/v1/stream${query}`, { "X-API-Key": k, "Last-Event-ID": String(start) });
const types = (items: Array<{ type: string }>) => items.map((i) => i.type);

describe("change feed and stream scopes", () => {
  it("GET /v1/changes: an events-only key sees no odds; each type needs its resource's scope; odds pages cost the odds price", async () => {
    const eventsOnly = key("events-only@example.com", "--scopes", "events");
    const contests = key("contests@example.com", "--scopes", "events,contests");
    const all = await feed(full, "&contest=990001");
    expect(types(expectOk(all, feedPath("")).items)).toEqual([
      "odds.points",
      "contest.score",
      "odds.points",
      "team.created",
    ]);
    expect(all.headers.get("x-units-cost")).toBe("5");
    const none = expectOk(await feed(eventsOnly, "&contest=990001"), feedPath(""));
    expect(none.items).toEqual([]);
    expect(none.has_more).toBe(false);
    // Across the whole feed too (the demo data's own changes included).
    const everything = expectOk(await feed(eventsOnly, ""), feedPath(""));
    expect(types(everything.items).filter((t) => !t.startsWith("dataset."))).toEqual([]);
    const some = await feed(contests, "&contest=990001");
    expect(types(expectOk(some, feedPath("")).items)).toEqual(["contest.score"]);
    expect(some.headers.get("x-units-cost")).toBe("1");
    expectError(
      await feed(eventsOnly, "&types=odds"),
      403,
      "FORBIDDEN",
      /'odds' scope required by odds.points/,
    );
    expectError(await feed(contests, "&types=contest,team"), 403, "FORBIDDEN", /'teams' scope/);
  }, 120_000);

  it("GET /v1/stream: an events-only key receives no odds; a full key receives them", async () => {
    const eventsOnly = key("events-only-stream@example.com", "--scopes", "events");
    const contests = key("contests-stream@example.com", "--scopes", "events,contests");
    const [a, b, c] = await Promise.all([
      stream(full, "?contest=990001"),
      stream(eventsOnly, "?contest=990001"),
      stream(contests, "?contest=990001"),
    ]);
    await a.waitFor((e) => e.length === 4, 10_000);
    await c.waitFor((e) => e.length === 1, 10_000);
    await new Promise((r) => setTimeout(r, 500));
    for (const s of [a, b, c]) s.close();
    expect(a.events.map((e) => e.event)).toEqual([
      "odds.points",
      "contest.score",
      "odds.points",
      "team.created",
    ]);
    expect(b.events).toEqual([]);
    expect(c.events.map((e) => e.event)).toEqual(["contest.score"]);
    expectError(
      await call(app.baseUrl, "/v1/stream?types=odds", { key: eventsOnly }),
      403,
      "FORBIDDEN",
      /'odds' scope/,
    );
  }, 120_000);

  it("an open stream ends with QUOTA_EXCEEDED once the key's unit cap is spent by other calls", async () => {
    const capped = key("capped@example.com", "--unit-cap", "3");
    const s = await stream(capped, "?contest=990001&types=contest");
    expect(s.status).toBe(200);
    expect(s.headers.get("x-units-remaining")).toBe("2");
    for (let i = 0; i < 2; i++)
      expectOk(await call(app.baseUrl, "/v1/competitions", { key: capped }), "/v1/competitions");
    await s.waitFor((e) => e.some((x) => x.event === "error"), 5000);
    await s.ended;
    const err = JSON.parse(s.events.find((x) => x.event === "error")!.data);
    expect(err.error.code).toBe("QUOTA_EXCEEDED");
    expect(err.error.message).toMatch(/unit cap of this key exhausted: 3 of 3/);
    expectError(await call(app.baseUrl, "/v1/stream", { key: capped }), 429, "QUOTA_EXCEEDED");
  }, 120_000);

  it("events the cap cannot cover are not sent: five odds changes cost 2 units at 10 events per unit, five others 0", async () => {
    const odds = key("capped-odds@example.com", "--unit-cap", "2");
    const s = await stream(odds, "?contest=990002");
    await s.waitFor((e) => e.some((x) => x.event === "error"), 5000);
    await s.ended;
    expect(s.events.map((e) => e.event)).toEqual(["error"]);
    const err = JSON.parse(s.events[0].data);
    expect(err.error.code).toBe("QUOTA_EXCEEDED");
    expect(err.error.message).toMatch(/1 of 2 units used .* this call costs 2/);
    const other = key("capped-other@example.com", "--unit-cap", "2");
    const t = await stream(other, "?contest=990003");
    await t.waitFor((e) => e.length === 5, 5000);
    await new Promise((r) => setTimeout(r, 500));
    t.close();
    expect(t.events.map((e) => e.event)).toEqual(Array(5).fill("contest.score"));
  }, 120_000);
});
