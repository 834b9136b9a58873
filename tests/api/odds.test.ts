import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Prisma } from "../../lib/generated/sqlite/client";
import { call, expectError, expectOk, MODES, type Mode } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";

let fx: Fixture;
let key: string;
const apps = {} as Record<Mode | "smallScan", RunningApp>;

beforeAll(async () => {
  fx = await buildFixture();
  key = createUnlimitedKey(fx.url, "odds@example.com");
  const [lean, next, smallScan] = await Promise.all([
    startApp({ databaseUrl: fx.url, mode: "lean" }),
    startApp({ databaseUrl: fx.url, mode: "next" }),
    startApp({ databaseUrl: fx.url, mode: "lean", env: { ODDS_MAX_SCAN: "60" } }),
  ]);
  Object.assign(apps, { lean, next, smallScan });
});
afterAll(async () => {
  await Promise.all(Object.values(apps).map((a) => a.stop()));
  await fx?.db.$disconnect();
});

interface Point {
  id: string;
  observed_at: string;
  bookmaker: string;
  market: string;
  selection: string;
  line: number | null;
}
type Row = {
  id: number;
  observedAt: Date;
  bookmaker: string;
  market: string;
  selection: string;
  line: number | null;
};

const get = (app: keyof typeof apps, path: string) => call(apps[app].baseUrl, path, { key });

/** Follows next_cursor to the end; checks the paging fields on every page. */
async function loop(app: keyof typeof apps, path: string) {
  const items: Point[] = [];
  const pages: Point[][] = [];
  let cursor: string | null = null;
  do {
    const url: string = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path;
    const data = expectOk(await get(app, url), url);
    expect(data.truncated).toBe(data.next_cursor !== null);
    expect(data.next_before === null).toBe(data.next_cursor === null);
    if (data.items.length && data.truncated && !path.includes("interval="))
      expect(data.next_before).toBe(data.items[data.items.length - 1].observed_at);
    pages.push(data.items);
    items.push(...data.items);
    cursor = data.next_cursor;
    expect(pages.length).toBeLessThan(500);
  } while (cursor);
  return { ids: items.map((p) => p.id), items, pages };
}

async function dbRows(where: Prisma.OddsPointWhereInput): Promise<Row[]> {
  return fx.db.oddsPoint.findMany({
    where,
    orderBy: [{ observedAt: "desc" }, { id: "desc" }],
    select: { id: true, observedAt: true, bookmaker: true, market: true, selection: true, line: true },
  });
}
const idsOf = (rows: Row[]) => rows.map((r) => String(r.id));

/** Independent downsampling: per (bookmaker, market, selection, line, bucket) the newest row. */
function downsample(rows: Row[], ms: number): Row[] {
  const best = new Map<string, Row>();
  for (const r of rows) {
    const k = `${r.bookmaker}|${r.market}|${r.selection}|${r.line}|${Math.floor(r.observedAt.getTime() / ms)}`;
    const b = best.get(k);
    if (
      !b ||
      r.observedAt > b.observedAt ||
      (r.observedAt.getTime() === b.observedAt.getTime() && r.id > b.id)
    )
      best.set(k, r);
  }
  return [...best.values()].sort((a, b) => b.observedAt.getTime() - a.observedAt.getTime() || b.id - a.id);
}

describe.each(MODES)("%s server: cursor paging", (mode) => {
  test("the cursor loop over a contest's whole history equals the database: no gaps, no duplicates, ties across pages", async () => {
    const want = idsOf(await dbRows({ contestId: fx.ids.oddsContest }));
    expect(want).toHaveLength(2520);
    const { ids, pages } = await loop(mode, `/v1/contests/${fx.ids.oddsContest}/odds/history?limit=100`);
    expect(ids).toEqual(want);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages.slice(0, -1).every((p) => p.length === 100)).toBe(true);
    // 35 points share each instant, so page boundaries fall inside groups of equal observed_at.
    const tiedBoundaries = pages
      .slice(1)
      .filter((p, i) => p[0].observed_at === pages[i][pages[i].length - 1].observed_at).length;
    expect(tiedBoundaries).toBeGreaterThan(5);
  });
});

describe("lean server: odds history", () => {
  const path = (q: string) => `/v1/contests/${fx.ids.oddsContest}/odds/history?${q}`;

  test("limit defaults to 100 and is clamped to 1000; fields and order", async () => {
    const first = expectOk(await get("lean", path("")), path(""));
    expect(first.items).toHaveLength(100);
    const p = first.items[0];
    expect(Object.keys(p).sort()).toEqual([
      "bookmaker",
      "contest_id",
      "id",
      "is_closing",
      "line",
      "market",
      "observed_at",
      "person_id",
      "price",
      "selection",
    ]);
    expect(p).toMatchObject({ contest_id: String(fx.ids.oddsContest), person_id: null, is_closing: true });
    expect(new Date(p.observed_at).toISOString()).toBe(p.observed_at);
    const big = expectOk(await get("lean", path("limit=5000")), path(""));
    expect(big.items).toHaveLength(1000);
    expect(big.truncated).toBe(true);
    expectError(await get("lean", path("limit=0")), 400, "INVALID_PARAMETER", /'limit'/);
  });

  test("before and after bound the window; next_before continues it", async () => {
    const all = await dbRows({ contestId: fx.ids.oddsContest });
    const before = all[700].observedAt.toISOString();
    const after = all[2000].observedAt.toISOString();
    const { ids } = await loop("lean", path(`limit=250&before=${before}`));
    expect(ids).toEqual(idsOf(all.filter((r) => r.observedAt.toISOString() < before)));
    const windowed = await loop(
      "lean",
      path(`limit=250&before=${before}&after=${after}&bookmaker=pinnacle&market=totals`),
    );
    expect(windowed.ids).toEqual(
      idsOf(
        all.filter(
          (r) =>
            r.observedAt.toISOString() < before &&
            r.observedAt.toISOString() > after &&
            r.bookmaker === "pinnacle" &&
            r.market === "totals",
        ),
      ),
    );
    const page = expectOk(await get("lean", path("limit=50")), path(""));
    const next = expectOk(await get("lean", path(`limit=50&before=${page.next_before}`)), path(""));
    expect(next.items[0].observed_at < page.next_before).toBe(true);
    expect(next.items[0].id).toBe(String(all.find((r) => r.observedAt.toISOString() < page.next_before)!.id));
    expectError(await get("lean", path("before=yesterday")), 400, "INVALID_PARAMETER", /'before'/);
    expectError(
      await get("lean", path(`before=${after}&after=${before}`)),
      400,
      "INVALID_PARAMETER",
      /'after'/,
    );
  });

  test("interval keeps the last point per bookmaker, market, selection and line in each bucket, across pages", async () => {
    const all = await dbRows({ contestId: fx.ids.oddsContest });
    // Page sizes that cut buckets mid-way, without hundreds of requests.
    for (const [interval, ms, limit] of [
      ["5m", 300_000, 97],
      ["15m", 900_000, 41],
      ["1h", 3_600_000, 7],
      ["1d", 86_400_000, 7],
    ] as const) {
      const want = idsOf(downsample(all, ms));
      const { ids } = await loop("lean", path(`limit=${limit}&interval=${interval}`));
      expect(ids, interval).toEqual(want);
    }
    const before = all[900].observedAt.toISOString();
    const filtered = all.filter((r) => r.observedAt.toISOString() < before && r.bookmaker === "bet365");
    const { ids } = await loop("lean", path(`limit=9&interval=1h&before=${before}&bookmaker=bet365`));
    expect(ids).toEqual(idsOf(downsample(filtered, 3_600_000)));
    expect((await loop("lean", path("limit=1000&interval=raw"))).ids).toEqual(idsOf(all));
    expectError(await get("lean", path("interval=2m")), 400, "INVALID_PARAMETER", /'interval'/);
  });

  test("a page that hits the scan budget ends early with a cursor and the loop stays exact", async () => {
    const all = await dbRows({ contestId: fx.ids.oddsContest });
    const { ids, pages } = await loop("smallScan", path("limit=20&interval=1h"));
    expect(ids).toEqual(idsOf(downsample(all, 3_600_000)));
    expect(pages.some((p, i) => i < pages.length - 1 && p.length < 20)).toBe(true);
  });

  test("person odds history pages over the person's points", async () => {
    const want = idsOf(await dbRows({ personId: fx.ids.tennisOddsPerson }));
    expect(want.length).toBe(180);
    const { ids, items } = await loop("lean", `/v1/persons/${fx.ids.tennisOddsPerson}/odds/history?limit=16`);
    expect(ids).toEqual(want);
    expect(
      items.every(
        (p) => (p as unknown as { person_id: string }).person_id === String(fx.ids.tennisOddsPerson),
      ),
    ).toBe(true);
    expectError(await get("lean", "/v1/persons/999999/odds/history"), 404, "NOT_FOUND");
  });

  test("cursors are tamper-evident and bound to scope and filters", async () => {
    const first = expectOk(await get("lean", path("limit=10")), path(""));
    const cursor: string = first.next_cursor;
    const [body, mac] = cursor.split(".");
    const flipped = `${body}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    expectError(await get("lean", path(`cursor=${flipped}`)), 400, "INVALID_PARAMETER", /'cursor'/);
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), i: 1 }),
    ).toString("base64url");
    expectError(await get("lean", path(`cursor=${forged}.${mac}`)), 400, "INVALID_PARAMETER", /'cursor'/);
    expectError(await get("lean", path("cursor=abc")), 400, "INVALID_PARAMETER", /'cursor'/);
    expectError(await get("lean", path("cursor=%E2%98%83.%E2%98%83")), 400, "INVALID_PARAMETER", /'cursor'/);
    expectError(
      await get("lean", `/v1/contests/${fx.ids.otherOddsContest}/odds/history?cursor=${cursor}`),
      400,
      "INVALID_PARAMETER",
      /another contest or person/,
    );
    expectError(
      await get("lean", `/v1/persons/${fx.ids.oddsContest}/odds/history?cursor=${cursor}`),
      400,
      "INVALID_PARAMETER",
      /another contest or person/,
    );
    expectError(
      await get("lean", path(`cursor=${cursor}&bookmaker=pinnacle`)),
      400,
      "INVALID_PARAMETER",
      /different filters/,
    );
    expectError(
      await get("lean", path(`cursor=${cursor}&interval=1h`)),
      400,
      "INVALID_PARAMETER",
      /different filters/,
    );
    // The limit may change between pages.
    const second = expectOk(await get("lean", path(`cursor=${cursor}&limit=3`)), path(""));
    expect(second.items).toHaveLength(3);
    expectError(await get("lean", "/v1/contests/999999/odds/history"), 404, "NOT_FOUND", /Contest 999999/);
    expectError(await get("lean", "/v1/contests/abc/odds/history"), 404, "NOT_FOUND");
    expectError(
      await get("lean", path("bookmaker=Pinnacle%20Sports")),
      400,
      "INVALID_PARAMETER",
      /'bookmaker'/,
    );
  });
});
