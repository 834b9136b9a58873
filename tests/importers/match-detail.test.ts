import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { importFile } from "../../lib/importers/index";
import { sharedDataDir } from "../support/shared-data";
import { expectNoDrift } from "../support/verify";

let data: string;
let dir: string;
const clients: Db[] = [];

async function freshDb(name: string) {
  const url = `file:${path.join(dir, `${name}.db`)}`;
  await applyMigrations(url);
  const db = createClient(url);
  clients.push(db);
  return db;
}

beforeAll(() => {
  data = sharedDataDir();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-detail-"));
});
afterAll(async () => {
  // The stored derived facts of every database the file imported into equal their base facts.
  for (const c of clients) await expectNoDrift(c);
  await Promise.all(clients.map((c) => c.$disconnect()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A team by the start of its canonical name ("Man United" is stored as "Manchester United FC"). */
const teamId = async (db: Db, name: string) =>
  (await db.team.findFirstOrThrow({ where: { name: { startsWith: name } } })).id;

describe("World Cup 2022 (openfootball goal lists and score detail)", () => {
  let db: Db;
  const file = () => path.join(data, "openfootball", "2022", "worldcup.json");
  beforeAll(async () => {
    db = await freshDb("wc");
    const first = await importFile(db, file());
    expect(first.details!.events.created).toBe(172);
  }, 120_000);

  it("has 64 contests and 172 goal events, as many as the scores", async () => {
    expect(await db.contest.count()).toBe(64);
    expect(await db.matchEvent.count({ where: { type: "goal", deletedAt: null } })).toBe(172);
    const scores = await db.contestParticipant.aggregate({ _sum: { score: true } });
    expect(scores._sum.score).toBe(172);
  });

  it("keeps the final's score detail and its goals in order", async () => {
    const [arg, fra] = [await teamId(db, "Argentina"), await teamId(db, "France")];
    const final = await db.contest.findFirstOrThrow({
      where: { round: "Final" },
      include: { participants: { orderBy: { side: "asc" } }, events: { orderBy: { sequence: "asc" } } },
    });
    expect(final.decidedBy).toBe("penalties");
    const [away, home] = final.participants; // "away" sorts before "home"
    expect([home.teamId, away.teamId]).toEqual([arg, fra]);
    expect([home.halftimeScore, home.fullTimeScore, home.extraTimeScore, home.penaltyScore]).toEqual([
      2, 2, 3, 4,
    ]);
    expect([away.halftimeScore, away.fullTimeScore, away.extraTimeScore, away.penaltyScore]).toEqual([
      0, 2, 3, 2,
    ]);
    expect([home.score, away.score, home.outcome, away.outcome]).toEqual([3, 3, "win", "loss"]);
    expect(final.events.map((e) => [e.minute, e.penalty, e.teamId])).toEqual([
      [23, true, arg],
      [36, false, arg],
      [80, true, fra],
      [81, false, fra],
      [108, false, arg],
      [118, true, fra],
    ]);
  });

  it("resolves spellings to one person per player: stat-board goals start Mbappé 8, Messi 7", async () => {
    const top = await db.personEditionStat.findMany({
      where: { stat: "goals" },
      orderBy: [{ value: "desc" }, { contests: "asc" }, { personId: "asc" }],
      take: 2,
      include: { person: true },
    });
    expect(top.map((t) => [t.person.name, t.value])).toEqual([
      ["Kylian Mbappé", 8],
      ["Lionel Messi", 7],
    ]);
    // One person whatever the spelling: no second "Mbappé" or "Messi" was made up.
    expect(await db.person.count({ where: { nameNormalized: { contains: "mbappe" } } })).toBe(1);
    expect(await db.person.count({ where: { nameNormalized: { contains: "messi" } } })).toBe(1);
  });

  it("counts Nayef Aguerd's own goal for Canada and not among his goals", async () => {
    const aguerd = await db.person.findFirstOrThrow({ where: { nameNormalized: "nayef aguerd" } });
    const og = await db.matchEvent.findFirstOrThrow({ where: { personId: aguerd.id } });
    expect(og).toMatchObject({ ownGoal: true, teamId: await teamId(db, "Canada"), minute: 40 });
    const roster = await db.rosterEntry.findFirstOrThrow({ where: { personId: aguerd.id } });
    expect(roster.teamId).toBe(await teamId(db, "Morocco"));
    const stats = await db.personContestStat.findMany({ where: { personId: aguerd.id } });
    expect(stats.map((s) => [s.stat, s.value])).toEqual([["own_goals", 1]]);
  });

  it("re-importing changes nothing: same ids, revision 1, no new changes", async () => {
    const before = await db.matchEvent.findMany({ orderBy: { id: "asc" } });
    const changes = await db.change.count();
    const again = await importFile(db, file());
    expect(again.details).toEqual({
      events: { created: 0, updated: 0, deleted: 0 },
      statistics: 0,
      personStats: 0,
    });
    expect(again.personsCreated).toBe(0);
    expect(await db.matchEvent.findMany({ orderBy: { id: "asc" } })).toEqual(before);
    expect(await db.change.count()).toBe(changes);
  });

  it("a corrected file bumps the event's revision; a removed goal leaves a tombstone in the change feed", async () => {
    const doc = JSON.parse(fs.readFileSync(file(), "utf8"));
    const final = doc.matches.find((m: { round: string }) => m.round === "Final");
    final.goals1[2].minute = 37; // Di María 36' -> 37'
    final.goals2.pop(); // Mbappé 118' gone
    final.score.et = [3, 2];
    const edited = path.join(dir, "worldcup.json");
    fs.writeFileSync(edited, JSON.stringify(doc));
    const run = await importFile(db, edited, { edition: "2022", competition: "world-cup" });
    expect(run.details!.events).toEqual({ created: 1, updated: 0, deleted: 2 });
    const tombstones = await db.matchEvent.findMany({ where: { deletedAt: { not: null } } });
    expect(tombstones.map((t) => [t.minute, t.revision])).toEqual([
      [36, 2],
      [118, 2],
    ]);
    const feed = await db.change.findMany({
      where: { type: "contest.event" },
      orderBy: { id: "desc" },
      take: 3,
    });
    expect(feed.map((c) => JSON.parse(c.data).deleted).sort()).toEqual([false, true, true]);
  });
});

describe("Premier League 2024/25 (football-data.co.uk statistics and referee)", () => {
  it("Man United v Fulham on 2024-08-16: shots 14-10, on target 5-2, corners 7-8, fouls 12-10, yellow 2-3, R Jones", async () => {
    const db = await freshDb("e0");
    const file = path.join(data, "football-data", "E0-2024-25.csv");
    const first = await importFile(db, file);
    // Every played row of the file (360 matches) carries the statistics columns.
    expect(first.details!.statistics).toBe(360);
    const [mun, ful] = [await teamId(db, "Manchester United"), await teamId(db, "Fulham")];
    const contest = await db.contest.findFirstOrThrow({
      where: {
        participants: { some: { teamId: mun, side: "home" } },
        kickoffAt: { gte: new Date("2024-08-16"), lt: new Date("2024-08-17") },
      },
      include: { teamStats: true },
    });
    expect(contest.referee).toBe("R Jones");
    const side = (t: number) => contest.teamStats.find((s) => s.teamId === t)!;
    const figures = (t: number) => {
      const s = side(t);
      return [s.shots, s.shotsOnTarget, s.corners, s.fouls, s.yellowCards, s.redCards];
    };
    expect(figures(mun)).toEqual([14, 5, 7, 12, 2, 0]);
    expect(figures(ful)).toEqual([10, 2, 8, 10, 3, 0]);
    const changes = await db.change.count();
    const again = await importFile(db, file);
    expect(again.details!.statistics).toBe(0);
    expect(again.contests.updated).toBe(0);
    expect(await db.change.count()).toBe(changes);
  }, 120_000);
});

describe("openfootball's rounds layout and scorer names", () => {
  it("reads rounds[].matches[] with { name, code } teams; reports an ambiguous surname instead of inventing a person", async () => {
    const db = await freshDb("rounds");
    const goal = (name: string, minute: number, extra: object = {}) => ({ name, minute, ...extra });
    const doc = {
      name: "Test Cup 2030",
      rounds: [
        {
          name: "Matchday 1",
          matches: [
            {
              date: "2030-06-01",
              team1: { name: "Portugal", code: "POR" },
              team2: { name: "Japan", code: "JPN" },
              score1: 3,
              score2: 2,
              score1i: 1,
              score2i: 0,
              goals1: [
                goal("Bruno Fernandes", 10),
                goal("Nuno Fernandes", 50),
                goal("Fernandes", 90, { offset: 4 }),
              ],
              goals2: [goal("Ritsu Dōan", 60), goal("Ritsu Doan", 70, { penalty: true })],
            },
          ],
        },
      ],
    };
    const file = path.join(dir, "testcup.json");
    fs.writeFileSync(file, JSON.stringify(doc));
    const run = await importFile(db, file, { timeZone: "UTC", createTeams: true });
    expect(run.errors).toEqual([]);
    expect(run.notes.join("\n")).toContain(
      'match 1 (rounds[0]): scorer "Fernandes" fits 2 players of the same team ("Bruno Fernandes", "Nuno Fernandes")',
    );
    const events = await db.matchEvent.findMany({ orderBy: { sequence: "asc" } });
    expect(events.map((e) => [e.personName, e.minute, e.addedTime, e.personId === null])).toEqual([
      ["Bruno Fernandes", 10, null, false],
      ["Nuno Fernandes", 50, null, false],
      ["Ritsu Dōan", 60, null, false],
      ["Ritsu Doan", 70, null, false],
      ["Fernandes", 90, 4, true],
    ]);
    // The two spellings of Doan are one person; nobody called just "Fernandes" was created.
    expect(events[2].personId).toBe(events[3].personId);
    expect((await db.person.findMany({ orderBy: { id: "asc" } })).map((p) => p.name)).toEqual([
      "Bruno Fernandes",
      "Nuno Fernandes",
      "Ritsu Dōan",
    ]);
    const contest = await db.contest.findFirstOrThrow({
      include: { participants: { orderBy: { side: "desc" } } },
    });
    expect(contest.participants.map((p) => [p.score, p.halftimeScore])).toEqual([
      [3, 1],
      [2, 0],
    ]);
  });
});
