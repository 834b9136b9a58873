import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { upsertOdds } from "../../lib/importers/store/odds";
import type { OddsRecord } from "../../lib/importers/types";
import { postgresTestDb } from "../support/databases";

/**
 * The importers' odds write (also the ingest API's on PostgreSQL) on both providers: new points
 * inserted (PostgreSQL: one unnest statement), a changed price corrected in place (same id), the
 * same price again unchanged, and the times, lines and closing flags read back as written.
 */
const T = new Date("2026-12-18T14:55:00.123Z");
const point = (selection: OddsRecord["selection"], price: number, extra: Partial<OddsRecord> = {}) =>
  ({
    bookmaker: "pinnacle",
    market: "h2h",
    selection,
    line: null,
    price,
    observedAt: T,
    isClosing: false,
    ...extra,
  }) satisfies OddsRecord;

async function contestOf(db: Db) {
  const competition = await db.competition.create({
    data: { slug: "odds-cup", name: "Odds Cup", sport: "football", kind: "team", format: "knockout" },
  });
  const edition = await db.edition.create({
    data: { competitionId: competition.id, name: "2026", startDate: T, endDate: T },
  });
  const contest = await db.contest.create({
    data: {
      editionId: edition.id,
      round: "Final",
      stage: "Knockout",
      status: "scheduled",
      kickoffAt: T,
      externalRef: "odds-final",
    },
  });
  return { competitionId: competition.id, contestId: contest.id };
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

async function sqliteDb(): Promise<Db> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-odds-upsert-"));
  const url = `file:${path.join(dir, "odds.db")}`;
  await applyMigrations(url);
  const db = createClient(url);
  cleanups.push(async () => {
    await db.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return db;
}

async function postgresDb(): Promise<Db> {
  const t = await postgresTestDb();
  cleanups.push(t.drop);
  return t.db;
}

describe.each([
  ["sqlite", sqliteDb],
  ["postgresql", postgresDb],
])("upsertOdds on %s", (_name, open) => {
  it("inserts new points, reprices changed ones in place and leaves equal ones alone", async () => {
    const db = await open();
    const { competitionId, contestId } = await contestOf(db);
    const first = [
      point("home", 2.6),
      point("draw", 3.1),
      point("over", 1.9, { market: "totals", line: 2.5, isClosing: true }),
    ];
    expect(await upsertOdds(db, competitionId, [{ contestId, odds: first }])).toEqual({
      imported: 3,
      updated: 0,
      unchanged: 0,
    });
    const before = await db.oddsPoint.findMany({ where: { contestId }, orderBy: { id: "asc" } });
    const again = [point("home", 2.6), point("draw", 3.3), first[2], point("away", 2.9)];
    expect(await upsertOdds(db, competitionId, [{ contestId, odds: again }])).toEqual({
      imported: 1,
      updated: 1,
      unchanged: 2,
    });
    const after = await db.oddsPoint.findMany({ where: { contestId }, orderBy: { id: "asc" } });
    expect(after.map((p) => [p.id, p.selection, p.price, p.line, p.isClosing, p.observedAt])).toEqual([
      [before[0].id, "home", 2.6, null, false, T],
      [before[1].id, "draw", 3.3, null, false, T],
      [before[2].id, "over", 1.9, 2.5, true, T],
      [expect.any(Number), "away", 2.9, null, false, T],
    ]);
    const changes = await db.change.findMany({ where: { type: "odds.points" }, orderBy: { id: "asc" } });
    expect(changes.map((c) => (JSON.parse(c.data) as { count: number }).count)).toEqual([3, 2]);
  });
});
