import { afterAll, beforeAll, expect, test } from "vitest";
import { call, expectOk } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createUnlimitedKey } from "../support/cli";
import { buildPgFixture, type Fixture } from "../support/fixtures";
import type { TempPgDatabase } from "../support/postgres";

// The same queries on the real PostgreSQL: paging, search ranges, keyset cursors, groupBy boards.
let pg: TempPgDatabase;
let fx: Fixture;
let app: RunningApp;
let key: string;

beforeAll(async () => {
  ({ pg, fx } = await buildPgFixture());
  key = createUnlimitedKey(pg.url, "pg-api@example.com");
  app = await startApp({ databaseUrl: pg.url });
});
afterAll(async () => {
  await app?.stop();
  await fx?.db.$disconnect();
  pg?.drop();
});

const ok = async (path: string) => expectOk(await call(app.baseUrl, path, { key }), path);

test("PostgreSQL: persons loop, accent search, contests, standings, stat-board", async () => {
  const want = (await fx.db.person.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((p) =>
    String(p.id),
  );
  const seen: string[] = [];
  for (let offset = 0; ; offset += 200) {
    const data = await ok(`/v1/persons?limit=500&offset=${offset}`);
    seen.push(...data.items.map((p: { id: string }) => p.id));
    if (offset + data.items.length >= data.total) break;
  }
  expect(seen).toEqual(want);
  expect((await ok("/v1/persons?q=MBAPP%C3%89%20kyl")).items.map((p: { name: string }) => p.name)).toEqual([
    "Kylian Mbappé",
  ]);
  expect((await ok("/v1/persons?q=z")).total).toBe(
    await fx.db.person.count({ where: { nameTokens: { some: { token: { startsWith: "z" } } } } }),
  );
  expect((await ok(`/v1/contests?competition=${fx.ids.league}`)).items).toHaveLength(90);
  expect((await ok(`/v1/contests?from=2024-08-17&to=2024-08-31`)).items.length).toBeGreaterThan(0);
  expect((await ok(`/v1/standings?competition=${fx.ids.league}`)).items).toHaveLength(10);
  const board = await ok(`/v1/analysis/stat-board?competition=${fx.ids.league}&stat=minutes&limit=5`);
  const rows = await fx.db.personEditionStat.groupBy({
    by: ["personId"],
    where: { stat: "minutes" },
    _sum: { value: true },
    orderBy: { _sum: { value: "desc" } },
    take: 1,
  });
  expect(board.items[0].value).toBe(rows[0]._sum.value);
});

test("PostgreSQL: the odds cursor loop and an hourly downsampled loop match the database", async () => {
  const all = await fx.db.oddsPoint.findMany({
    where: { contestId: fx.ids.oddsContest },
    orderBy: [{ observedAt: "desc" }, { id: "desc" }],
  });
  for (const [query, want] of [
    ["limit=333", all.map((r) => String(r.id))],
    [
      "limit=6&interval=1h&bookmaker=unibet",
      (() => {
        const best = new Map<string, (typeof all)[number]>();
        for (const r of all.filter((x) => x.bookmaker === "unibet")) {
          const k = `${r.market}|${r.selection}|${r.line}|${Math.floor(r.observedAt.getTime() / 3_600_000)}`;
          if (!best.has(k)) best.set(k, r); // rows are newest first
        }
        return [...best.values()].map((r) => String(r.id));
      })(),
    ],
  ] as const) {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const data = await ok(
        `/v1/contests/${fx.ids.oddsContest}/odds/history?${query}${cursor ? `&cursor=${cursor}` : ""}`,
      );
      ids.push(...data.items.map((p: { id: string }) => p.id));
      cursor = data.next_cursor;
    } while (cursor);
    expect(ids, query).toEqual(want);
  }
});
