import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { recordChanges } from "../../lib/events/changes";
import { readChanges } from "../../lib/events/feed";
import { headId } from "../../lib/events/store";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { call, expectError, expectOk } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { admin, createUnlimitedKey } from "../support/cli";
import { createMigratedPgDatabase } from "../support/postgres";
import { sharedDataDir } from "../support/shared-data";
import { runScript } from "../support/sports";

interface Change {
  id: string;
  type: string;
  competition_id: string | null;
  contest_id: string | null;
  data: Record<string, unknown>;
}

let dir: string;
let url: string;
let db: Db;
let app: RunningApp;
let shortRetention: RunningApp;
let key: string;
const csv = () => path.join(sharedDataDir(), "football-data", "E0-2024-25.csv");

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-changes-"));
  url = `file:${path.join(dir, "feed.db")}`;
  await applyMigrations(url);
  db = createClient(url);
  key = createUnlimitedKey(url, "feed@example.com");
  [app, shortRetention] = await Promise.all([
    startApp({ databaseUrl: url }),
    // 0.00002 days = 1.7 s: a cursor issued 2 s ago is past the retention.
    startApp({ databaseUrl: url, env: { CHANGES_RETENTION_DAYS: "0.00002" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.stop(), shortRetention?.stop()]);
  await db?.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (p: string, target = app) => call(target.baseUrl, p, { key });

/** Follows next_cursor until has_more is false; returns the items and the final cursor. */
async function drain(query: string, cursor: string | null = null, limit = 37) {
  const items: Change[] = [];
  for (;;) {
    const p = `/v1/changes?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const data = expectOk(await get(p), p);
    expect(data.items.length).toBeLessThanOrEqual(limit);
    items.push(...data.items);
    cursor = data.next_cursor;
    if (!data.has_more) return { items, cursor: cursor! };
  }
}

describe("GET /v1/changes", () => {
  it("an import emits its changes; paging returns each exactly once in commit order", async () => {
    expect((await drain("")).items).toEqual([]);
    runScript("scripts/import.ts", [csv()], url);
    const { items, cursor } = await drain("");
    const ids = items.map((c) => Number(c.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    // Every row of the table, exactly once, no more.
    const rows = await db.change.findMany({ orderBy: { id: "asc" }, select: { id: true } });
    expect(ids).toEqual(rows.map((r) => r.id));
    const count = (t: string) => items.filter((c) => c.type === t).length;
    expect(count("contest.created")).toBe(await db.contest.count());
    expect(count("team.created")).toBe(20);
    expect(count("odds.points")).toBe(
      (await db.oddsPoint.groupBy({ by: ["contestId"], _count: { _all: true } })).length,
    );
    expect(count("standings.updated")).toBe(1);
    const created = items.find((c) => c.type === "contest.created")!;
    const contest = await db.contest.findUniqueOrThrow({
      where: { id: Number(created.contest_id) },
      include: { participants: true },
    });
    expect(created.data).toMatchObject({ id: String(contest.id), status: contest.status });

    // Re-importing the same file changes nothing, so the feed has nothing new.
    runScript("scripts/import.ts", [csv()], url);
    const again = await drain("", cursor);
    expect(again.items).toEqual([]);

    // A point adjustment through the operator CLI: one standings change, picked up from the old cursor.
    admin(
      url,
      "standings",
      "adjust",
      "--competition",
      "english-premier-league",
      "--edition",
      "2024/25",
      "--team",
      "Everton",
      "--points",
      "-8",
      "--reason",
      "test",
      "--by",
      "ops@example.com",
    );
    const after = await drain("", again.cursor);
    expect(after.items.map((c) => c.type)).toEqual(["standings.updated"]);
    const table = after.items[0].data.rows as Array<{ team_id: string; points: number }>;
    const everton = await db.team.findFirstOrThrow({ where: { name: { contains: "Everton" } } });
    const stored = await db.standing.findFirstOrThrow({ where: { teamId: everton.id } });
    expect(table.find((r) => r.team_id === String(everton.id))?.points).toBe(stored.points);
  }, 240_000); // two imports of a whole season and an admin CLI run, each a process of its own

  it("filters by types, resource and competition without skipping later changes", async () => {
    const contests = await drain("&types=contest");
    expect(contests.items.length).toBeGreaterThan(0);
    expect(contests.items.every((c) => c.type.startsWith("contest."))).toBe(true);
    const mixed = await drain("&types=standings.updated,team.created", null, 1000);
    expect(new Set(mixed.items.map((c) => c.type))).toEqual(new Set(["standings.updated", "team.created"]));
    const comp = (await db.competition.findFirstOrThrow()).id;
    const mine = await drain(`&competition=${comp}&types=odds`);
    expect(mine.items.every((c) => c.competition_id === String(comp) && c.type === "odds.points")).toBe(true);
    expect((await drain(`&competition=${comp + 1000}`)).items).toEqual([]);
    // The filtered cursor sits at the head: a new change after it is the only thing returned.
    await recordChanges(db, [
      { type: "contest.updated", resourceId: 1, competitionId: comp, contestId: 1, data: { id: "1" } },
    ]);
    const next = await drain("&types=contest", contests.cursor);
    expect(next.items.map((c) => c.id)).toEqual([String(await headId(db))]);
  });

  it("refuses bad cursors and types with 400, and an expired cursor with 410 CURSOR_EXPIRED", async () => {
    expectError(await get("/v1/changes?cursor=abc"), 400, "INVALID_PARAMETER", /cursor/);
    expectError(await get("/v1/changes?types=goals"), 400, "INVALID_PARAMETER", /types.*"goals"/);
    const odds = await get("/v1/contests/1/odds/history?limit=1");
    const oddsCursor = odds.body?.data?.next_cursor;
    if (oddsCursor)
      expectError(
        await get(`/v1/changes?cursor=${encodeURIComponent(oddsCursor)}`),
        400,
        "INVALID_PARAMETER",
      );
    const fresh = expectOk(await get("/v1/changes?limit=1", shortRetention), "/v1/changes");
    await new Promise((r) => setTimeout(r, 2200));
    const stale = await get(`/v1/changes?cursor=${encodeURIComponent(fresh.next_cursor)}`, shortRetention);
    expectError(stale, 410, "CURSOR_EXPIRED", /retention/);
    expect(stale.headers.get("x-request-id")).toBeTruthy();
  });

  it("writes each page byte for byte as JSON.stringify of the parsed changes (data spliced as stored)", async () => {
    await recordChanges(db, [
      {
        type: "contest.updated",
        resourceId: 7,
        competitionId: 1,
        contestId: 7,
        data: { id: "7", name: 'Quote " and \\ and é', score: [1, 2], nested: { a: null } },
      },
    ]);
    const res = await fetch(`${app.baseUrl}/v1/changes?limit=50`, { headers: { "X-API-Key": key } });
    const text = await res.text();
    const page = await readChanges(db, 0, {}, 50);
    expect(page.items.length).toBeGreaterThan(0);
    const items = text.slice(text.indexOf("["), text.indexOf(',"next_cursor"'));
    expect(items).toBe(JSON.stringify(page.items));
    expect((JSON.parse(text) as { data: { has_more: boolean } }).data.has_more).toBe(page.hasMore);
  });

  it("is metered like other reads: one unit per call under the endpoint /v1/changes", async () => {
    const metered = async () =>
      (
        await db.usageBucket.aggregate({
          where: { endpoint: "/v1/changes" },
          _sum: { requests: true, units: true },
        })
      )._sum;
    await new Promise((r) => setTimeout(r, 1500)); // earlier calls flushed (USAGE_FLUSH_INTERVAL_MS 1 s)
    const before = await metered();
    for (let i = 0; i < 3; i++) expect((await get("/v1/changes?limit=1")).status).toBe(200);
    const deadline = Date.now() + 10_000;
    let now = await metered();
    while ((now.requests ?? 0) < (before.requests ?? 0) + 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      now = await metered();
    }
    expect((now.requests ?? 0) - (before.requests ?? 0)).toBe(3);
    expect((now.units ?? 0) - (before.units ?? 0)).toBe(3);
  });
});

describe("change ids follow commit order on PostgreSQL", () => {
  it("a second writer waits for the first, so a reader never sees a later id before an earlier one", async () => {
    const pg = await createMigratedPgDatabase();
    const a = createClient(pg.url);
    const b = createClient(pg.url);
    try {
      const input = {
        type: "dataset.reset" as const,
        resourceId: null,
        competitionId: null,
        contestId: null,
        data: {},
      };
      let releaseA!: () => void;
      let tookA!: () => void;
      const held = new Promise<void>((r) => (releaseA = r));
      const aHasIds = new Promise<void>((r) => (tookA = r));
      let aId = 0;
      const txA = a.$transaction(
        async (tx) => {
          aId = (await recordChanges(tx, [input]))!;
          tookA();
          await held;
        },
        { timeout: 60_000 },
      );
      await aHasIds;
      let bDone = false;
      const bWrite = b
        .$transaction((tx) => recordChanges(tx, [input]), { timeout: 60_000 })
        .then((id) => {
          bDone = true;
          return id;
        });
      await new Promise((r) => setTimeout(r, 1000));
      expect(bDone).toBe(false); // blocked on the sequence row
      expect(await headId(b)).toBe(0); // a reader sees neither yet
      releaseA();
      await txA;
      const bId = await bWrite;
      expect([aId, bId]).toEqual([1, 2]);
      expect(await headId(b)).toBe(2);
    } finally {
      await Promise.all([a.$disconnect(), b.$disconnect()]);
      pg.drop();
    }
  });
});
