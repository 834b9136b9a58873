import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { importFile } from "../../lib/importers/index";
import { createPgDatabase, type TempPgDatabase } from "../support/postgres";
import { sharedDataDir } from "../support/shared-data";
import { sportsDigest, standingsProblems } from "../support/sports";
import { expectNoDrift } from "../support/verify";

/** The official final 2024/25 Premier League table (team names as the openfootball file spells them). */
const EPL_2024_25: Array<[string, number, number]> = [
  ["Liverpool FC", 84, 45],
  ["Arsenal FC", 74, 35],
  ["Manchester City FC", 71, 28],
  ["Chelsea FC", 69, 21],
  ["Newcastle United FC", 66, 21],
  ["Aston Villa FC", 66, 7],
  ["Nottingham Forest FC", 65, 12],
  ["Brighton & Hove Albion FC", 61, 7],
  ["AFC Bournemouth", 56, 12],
  ["Brentford FC", 56, 9],
  ["Fulham FC", 54, 0],
  ["Crystal Palace FC", 53, 0],
  ["Everton FC", 48, -2],
  ["West Ham United FC", 43, -16],
  ["Manchester United FC", 42, -10],
  ["Wolverhampton Wanderers FC", 42, -15],
  ["Tottenham Hotspur FC", 38, -1],
  ["Leicester City FC", 25, -47],
  ["Ipswich Town FC", 22, -46],
  ["Southampton FC", 12, -60],
];

let data: string;
let dir: string;
const clients: Db[] = [];

async function freshDb(name: string): Promise<Db> {
  const url = `file:${path.join(dir, `${name}.db`)}`;
  await applyMigrations(url);
  const db = createClient(url);
  clients.push(db);
  return db;
}

async function table(db: Db, slug: string, edition: string) {
  const ed = await db.edition.findFirstOrThrow({ where: { name: edition, competition: { slug } } });
  const rows = await db.standing.findMany({
    where: { editionId: ed.id },
    orderBy: { position: "asc" },
    include: { team: true },
  });
  return {
    edition: ed,
    rows: rows.map((r) => [r.team.name, r.points, r.goalDifference] as [string, number, number]),
  };
}

beforeAll(() => {
  data = sharedDataDir();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-import-of-"));
});

afterAll(async () => {
  // The stored derived facts of every database the file imported into equal their base facts.
  for (const c of clients) await expectNoDrift(c);
  await Promise.all(clients.map((c) => c.$disconnect()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("openfootball importer", () => {
  it("2024-25_en.1.json gives the official final 2024/25 Premier League table, and re-importing changes nothing", async () => {
    const db = await freshDb("en1");
    const file = path.join(data, "openfootball", "2024-25_en.1.json");
    const first = await importFile(db, file);
    expect(first).toMatchObject({
      competition: "English Premier League (english-premier-league)",
      edition: "2024/25",
      contests: { imported: 380, updated: 0 },
      errors: [],
    });
    const { edition, rows } = await table(db, "english-premier-league", "2024/25");
    expect(rows).toEqual(EPL_2024_25);
    expect(await standingsProblems(db, edition.id)).toEqual([]);
    const liverpool = await db.standing.findFirstOrThrow({ where: { editionId: edition.id, position: 1 } });
    expect(liverpool).toMatchObject({
      played: 38,
      won: 25,
      drawn: 9,
      lost: 4,
      goalsFor: 86,
      goalsAgainst: 41,
    });
    expect((await db.team.findFirstOrThrow({ where: { name: "Liverpool FC" } })).country).toBe("England");
    // Kick-off "20:00" on 16 Aug 2024 is British Summer Time.
    const opener = await db.contest.findFirstOrThrow({
      where: { editionId: edition.id },
      orderBy: { kickoffAt: "asc" },
    });
    expect(opener.kickoffAt.toISOString()).toBe("2024-08-16T19:00:00.000Z");

    const before = await sportsDigest(db);
    const again = await importFile(db, file);
    expect(again.contests).toEqual({ imported: 0, updated: 0, unchanged: 380 });
    expect([again.teamsCreated, again.standingsChanged]).toEqual([0, 0]);
    expect(await sportsDigest(db)).toBe(before);
  }, 180_000);

  it("imports the Champions League league phase (UEFA tie-breaks) and its knockout stages", async () => {
    const db = await freshDb("cl");
    const summary = await importFile(db, path.join(data, "openfootball", "2024-25_uefa.cl.json"));
    expect(summary.contests.imported).toBe(189);
    expect(summary.errors).toEqual([]);
    const { edition, rows } = await table(db, "uefa-champions-league", "2024/25");
    expect(rows).toHaveLength(36);
    expect(rows.slice(0, 4)).toEqual([
      ["Liverpool FC", 21, 12],
      ["FC Barcelona", 19, 15],
      ["Arsenal FC", 19, 13],
      ["FC Internazionale Milano", 19, 10],
    ]);
    // Lille and Aston Villa: 16 points and +7 each; Lille scored more.
    expect(rows.slice(6, 8).map((r) => r[0])).toEqual(["Lille OSC", "Aston Villa FC"]);
    expect(await standingsProblems(db, edition.id)).toEqual([]);
    const stages = await db.contest.groupBy({
      by: ["stage"],
      where: { editionId: edition.id },
      _count: { _all: true },
    });
    expect(Object.fromEntries(stages.map((s) => [s.stage, s._count._all]))).toEqual({
      "League phase": 144,
      "Knockout play-offs": 16,
      Knockout: 29,
    });
    const final = await db.contest.findFirstOrThrow({
      where: { editionId: edition.id, round: "Final" },
      include: { participants: true },
    });
    expect(final.status).toBe("scheduled"); // score {} in the file
    expect(final.participants.every((p) => p.score === null && p.outcome === null)).toBe(true);
    const shootout = await db.contestParticipant.findMany({
      where: { contest: { editionId: edition.id }, scoreDetail: { contains: "pens" } },
    });
    expect(shootout.length).toBeGreaterThan(0);
    expect((await db.team.findFirstOrThrow({ where: { name: "FC Bayern München" } })).country).toBe(
      "Germany",
    );
  });

  it("imports the calendar-year Brasileirão 2025 with wins as the first tie-break", async () => {
    const db = await freshDb("br");
    const summary = await importFile(db, path.join(data, "openfootball", "2025_br.1.json"));
    expect(summary).toMatchObject({
      competition: "Brasileiro Série A (brasileiro-serie-a)",
      edition: "2025",
      contests: { imported: 380 },
      errors: [],
    });
    const { edition, rows } = await table(db, "brasileiro-serie-a", "2025");
    expect(rows[0][0]).toBe("CR Flamengo");
    expect(await standingsProblems(db, edition.id, "points")).toEqual([]);
    const standings = await db.standing.findMany({
      where: { editionId: edition.id },
      orderBy: { position: "asc" },
    });
    for (let i = 1; i < standings.length; i++) {
      if (standings[i - 1].points === standings[i].points)
        expect(standings[i - 1].won).toBeGreaterThanOrEqual(standings[i].won);
    }
  });

  it("stops at a malformed match, naming it; with skipMalformed reports it and imports the rest", async () => {
    const db = await freshDb("broken-json");
    const source = JSON.parse(fs.readFileSync(path.join(data, "openfootball", "2024-25_en.1.json"), "utf8"));
    source.matches[3].date = "2024-13-45";
    source.matches[10].score = { ft: [1] };
    const file = path.join(dir, "2024-25_en.1.json");
    fs.writeFileSync(file, JSON.stringify(source));
    await expect(importFile(db, file)).rejects.toThrow(
      /match 4 \(matches\[3\]\): invalid date.*nothing imported/,
    );
    expect(await db.contest.count()).toBe(0);
    const summary = await importFile(db, file, { skipMalformed: true });
    expect(summary.errors.map((e) => e.where)).toEqual(["match 4 (matches[3])", "match 11 (matches[10])"]);
    expect(summary.errors[0].message).toContain("invalid date");
    expect(summary.contests.imported).toBe(378);
    expect(await db.contest.count()).toBe(378);
  });
});

describe("openfootball importer on PostgreSQL", () => {
  let pg: TempPgDatabase;
  beforeAll(() => {
    pg = createPgDatabase();
  });
  afterAll(async () => {
    for (const c of clients) await expectNoDrift(c);
    await Promise.all(clients.splice(0).map((c) => c.$disconnect()));
    pg?.drop();
  });

  it("gives the same official table", async () => {
    await applyMigrations(pg.url);
    const db = createClient(pg.url);
    clients.push(db);
    await importFile(db, path.join(data, "openfootball", "2024-25_en.1.json"));
    expect((await table(db, "english-premier-league", "2024/25")).rows).toEqual(EPL_2024_25);
    expect(
      (await importFile(db, path.join(data, "openfootball", "2024-25_en.1.json"))).contests.unchanged,
    ).toBe(380);
  }, 180_000);
});
