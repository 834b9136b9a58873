import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import { contestSnapshots } from "../../lib/repos/odds-books";
import { verify } from "../../lib/verify";
import { driftTable } from "../../lib/verify/format";
import { createClient } from "../../lib/platform/db/client";
import { sqliteTestDb, type TestDb } from "../support/databases";
import { createSeededPgDatabase } from "../support/postgres";

// The odds snapshots (odds_snapshots, kept by a trigger on odds_points) on the seeded demo data of
// both providers: equal to each outcome's first non-closing and last closing point found by
// grouping all points, kept by later inserts (earlier, later, tied, closing), and checked and
// repaired by verify.

/** Each outcome's early and closing point ids by grouping every point (ties: early lowest id, closing highest). */
async function grouped(db: Db, contestId?: number): Promise<number[]> {
  const points = await db.oddsPoint.findMany({
    where: contestId === undefined ? {} : { contestId },
    select: {
      id: true,
      contestId: true,
      market: true,
      bookmaker: true,
      selection: true,
      line: true,
      isClosing: true,
      observedAt: true,
    },
  });
  const best = new Map<string, (typeof points)[number]>();
  for (const p of points) {
    const k = [p.contestId, p.market, p.bookmaker, p.selection, p.line, p.isClosing].join("|");
    const b = best.get(k);
    const t = p.observedAt.getTime();
    const beats = !b
      ? true
      : p.isClosing
        ? t > b.observedAt.getTime() || (t === b.observedAt.getTime() && p.id > b.id)
        : t < b.observedAt.getTime() || (t === b.observedAt.getTime() && p.id < b.id);
    if (beats) best.set(k, p);
  }
  return [...best.values()].map((p) => p.id).sort((a, b) => a - b);
}

async function stored(db: Db, contestId?: number): Promise<number[]> {
  const rows = await db.oddsSnapshot.findMany({
    where: contestId === undefined ? {} : { contestId },
    select: { pointId: true },
  });
  return rows.map((r) => r.pointId).sort((a, b) => a - b);
}

/** The demo seed on PostgreSQL (the scale the PostgreSQL query-plan test seeds, so one template serves both). */
async function postgresSeeded(): Promise<TestDb> {
  const pg = await createSeededPgDatabase("0.1");
  const db = createClient(pg.url);
  return {
    name: "postgresql",
    db,
    drop: async () => {
      await db.$disconnect();
      pg.drop();
    },
  };
}

describe.each([
  ["SQLite", sqliteTestDb],
  ["PostgreSQL", postgresSeeded],
])("odds snapshots on %s", (_, open) => {
  let t: TestDb;
  let db: Db;
  beforeAll(async () => {
    t = await open();
    db = t.db;
  }, 300_000);
  afterAll(() => t?.drop());

  it("equal the grouped points of the seeded data, and verify finds no drift", async () => {
    const want = await grouped(db);
    expect(want.length).toBeGreaterThan(100);
    expect(await stored(db)).toEqual(want);
    const report = await verify(db);
    expect(report.drifts, driftTable(report.drifts)).toEqual([]);
    expect(report.checked.oddsSnapshots).toBe(want.length);
  });

  it("follow inserts: an earlier early price, a tie, a later closing price", async () => {
    const first = await db.oddsPoint.findFirstOrThrow({
      where: { isClosing: false, market: "h2h", personId: null },
      orderBy: { id: "asc" },
    });
    const { contestId, bookmaker, market, selection, line } = first;
    const at = (ms: number) => new Date(first.observedAt.getTime() + ms);
    const row = (price: number, observedAt: Date, isClosing: boolean) => ({
      contestId,
      bookmaker,
      market,
      selection,
      line,
      price,
      observedAt,
      isClosing,
    });
    const earliest = await db.oddsPoint.findFirstOrThrow({
      where: { contestId, bookmaker, market, selection, isClosing: false },
      orderBy: [{ observedAt: "asc" }, { id: "asc" }],
    });
    const before = (await contestSnapshots(db, contestId)).filter(
      (p) => p.market === market && p.bookmaker === bookmaker && p.selection === selection,
    );
    expect(before.find((p) => !p.isClosing)?.price).toBe(earliest.price);
    const early = earliest.observedAt.getTime() - first.observedAt.getTime() - 60_000;
    await db.oddsPoint.createMany({
      data: [
        row(9.1, at(early), false), // the new early price
        row(9.2, at(early), false), // same time, higher id: not the early one
        row(9.3, at(early + 30_000), false), // later: not the early one
        row(9.4, at(1000 * 86_400_000), true), // the new closing price
        row(9.5, at(1000 * 86_400_000), true), // same time, higher id: the closing one
      ],
    });
    const after = (await contestSnapshots(db, contestId)).filter(
      (p) => p.market === market && p.bookmaker === bookmaker && p.selection === selection,
    );
    expect(after.map((p) => [p.isClosing, p.price])).toEqual([
      [false, 9.1],
      [true, 9.5],
    ]);
    expect(await stored(db, contestId)).toEqual(await grouped(db, contestId));
    const report = await verify(db);
    expect(report.drifts, driftTable(report.drifts)).toEqual([]);
  });

  it("a snapshot written around the trigger is reported and repaired", async () => {
    const victim = await db.oddsSnapshot.findFirstOrThrow({ orderBy: { pointId: "asc" } });
    await db.oddsSnapshot.delete({ where: { pointId: victim.pointId } });
    const report = await verify(db);
    expect(report.drifts).toEqual([
      expect.objectContaining({
        entity: "odds_snapshot",
        field: "row",
        stored: null,
        expected: { pointId: victim.pointId },
      }),
    ]);
    expect((await verify(db, { repair: true })).repaired).toBe(true);
    expect((await verify(db)).drifts).toEqual([]);
    expect(await stored(db)).toEqual(await grouped(db));
  });
});
