import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { importInternational, type InternationalSummary } from "../../lib/importers/international/index";
import { apiGet, csvCells, internationalDir, writeSubset } from "../support/international";

// The international results set (49,288 matches) on SQLite, imported once as an older copy (up to
// 2023) and then the newer (whole) copy: the append, the full data set and the re-import are all
// checked on that one database.

const SPLIT = "2024-01-01";
let dir: string;
let db: Db;
let first: InternationalSummary;
let append: InternationalSummary;
let again: InternationalSummary;
let appendChanges: Array<{ type: string; contestId: number | null }>;
let rowsBeforeAppend: number;
let before: Record<string, number>;
let after: Record<string, number>;

const lines = (file: string) =>
  fs
    .readFileSync(path.join(internationalDir(), file), "utf8")
    .split("\n")
    .slice(1)
    .filter(Boolean)
    .map(csvCells);

async function tableCounts(): Promise<Record<string, number>> {
  return {
    contests: await db.contest.count(),
    participants: await db.contestParticipant.count(),
    events: await db.matchEvent.count(),
    persons: await db.person.count(),
    teams: await db.team.count(),
    changes: await db.change.count(),
    ratings: await db.teamRating.count(),
    sources: await db.contestSource.count(),
    editions: await db.edition.count(),
  };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-intl-"));
  const url = `file:${path.join(dir, "intl.db")}`;
  await applyMigrations(url);
  db = createClient(url);
  const older = path.join(dir, "older");
  writeSubset(internationalDir(), older, (line) => line.slice(0, 10) < SPLIT);
  first = await importInternational(db, older);
  rowsBeforeAppend = (await db.change.aggregate({ _max: { id: true } }))._max.id ?? 0;
  append = await importInternational(db, internationalDir());
  appendChanges = await db.change.findMany({
    where: { id: { gt: rowsBeforeAppend } },
    select: { type: true, contestId: true },
  });
  before = await tableCounts();
  again = await importInternational(db, internationalDir());
  after = await tableCounts();
}, 600_000);

afterAll(async () => {
  await db?.$disconnect();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("international results: the whole set", () => {
  it("has every match, goal and shoot-out, and reports the duplicate key and the orphan shoot-out", async () => {
    expect(await db.contestSource.count({ where: { source: "international" } })).toBe(49_288);
    expect(await db.contest.count()).toBe(49_288);
    expect(await db.matchEvent.count({ where: { type: "goal", deletedAt: null } })).toBe(47_601);
    expect(await db.contest.count({ where: { decidedBy: "penalties" } })).toBe(676);
    const notes = [...first.notes, ...append.notes].join("\n");
    expect(notes).toMatch(
      /1974-02-17 Tahiti v New Caledonia occurs again \(2-1 and 1-2\); imported as two contests/,
    );
    expect(notes).toMatch(/2011-06-29 Saare County v Åland Islands has no match in results\.csv; skipped/);
    const tahiti = await db.contestSource.findMany({
      where: { key: { startsWith: "1974-02-17/Tahiti/New Caledonia" } },
    });
    expect(tahiti.map((t) => t.key).sort()).toEqual([
      "1974-02-17/Tahiti/New Caledonia",
      "1974-02-17/Tahiti/New Caledonia#2",
    ]);
    expect(new Set(tahiti.map((t) => t.contestId)).size).toBe(2);
    // One person per (team, name): Messi is one person over his whole career.
    expect(await db.person.count({ where: { name: "Lionel Messi" } })).toBe(1);
  });

  it("serves the 2022 final: 3-3 after extra time, Argentina on penalties, France shot first", async () => {
    const source = await db.contestSource.findUniqueOrThrow({
      where: { source_key: { source: "international", key: "2022-12-18/Argentina/France" } },
    });
    const c = await apiGet(db, `/v1/contests/${source.contestId}`);
    expect(c.participants.map((p: { name: string; score: number }) => [p.name, p.score])).toEqual([
      ["Argentina", 3],
      ["France", 3],
    ]);
    expect(c.score).toMatchObject({
      full_time: { home: 2, away: 2 },
      extra_time: { home: 3, away: 3 },
      decided_by: "penalties",
      winner: "home",
      first_shooter: "away",
    });
    expect(c).toMatchObject({
      venue_city: "Lusail",
      venue_country: "Qatar",
      neutral: true,
      coverage: { goal_list: true },
    });
    const events = await apiGet(db, `/v1/contests/${source.contestId}/events`);
    const goals = events.items.map(
      (e: { minute: number; person_name: string }) => `${e.minute} ${e.person_name}`,
    );
    expect(goals).toEqual([
      "23 Lionel Messi",
      "36 Ángel Di María",
      "80 Kylian Mbappé",
      "81 Kylian Mbappé",
      "109 Lionel Messi",
      "118 Kylian Mbappé",
    ]);
  });

  it("shows a team under the name it had then (Benin as Dahomey), keeping one identity", async () => {
    const benin = await db.team.findUniqueOrThrow({ where: { name: "Benin" } });
    const src = await db.contestSource.findUniqueOrThrow({
      where: { source_key: { source: "international", key: "1959-11-08/Benin/Nigeria" } },
    });
    const c = await apiGet(db, `/v1/contests/${src.contestId}`);
    expect(c.participants[0]).toMatchObject({ team_id: String(benin.id), name: "Dahomey" });
    expect(c.venue_country).toBe("Dahomey");
    expect(await db.team.count({ where: { name: "Dahomey" } })).toBe(0);
    const later = await db.contestSource.findFirstOrThrow({
      where: {
        source: "international",
        key: { startsWith: "2019-" },
        contest: { participants: { some: { teamId: benin.id } } },
      },
    });
    const now = await apiGet(db, `/v1/contests/${later.contestId}`);
    expect(now.participants.find((p: { team_id: string }) => p.team_id === String(benin.id)).name).toBe(
      "Benin",
    );
  });

  it("rates teams by the World Football Elo method exactly as an independent computation", async () => {
    const shootouts = new Set(lines("shootouts.csv").map((r) => `${r[0]}|${r[1]}|${r[2]}`));
    const K = (t: string) =>
      t === "FIFA World Cup"
        ? 60
        : [
              "UEFA Euro",
              "Copa América",
              "African Cup of Nations",
              "AFC Asian Cup",
              "Gold Cup",
              "CONCACAF Championship",
              "Oceania Nations Cup",
              "Confederations Cup",
            ].includes(t)
          ? 50
          : t.endsWith(" qualification") || t === "UEFA Nations League" || t === "CONCACAF Nations League"
            ? 40
            : t === "Friendly"
              ? 20
              : 30;
    const elo = new Map<string, number>();
    const at = new Map<string, Map<string, number>>();
    const dates = ["1970-06-21", "2000-01-01", "2026-05-31"];
    const teams = ["Brazil", "England", "Germany"];
    let next = 0;
    const results = lines("results.csv")
      .map((r, i) => ({ r, i }))
      .sort((a, b) => (a.r[0] < b.r[0] ? -1 : a.r[0] > b.r[0] ? 1 : a.i - b.i))
      .map((x) => x.r);
    const snapshot = () => new Map(teams.map((t) => [t, elo.get(t) ?? 1500]));
    let finalPre: [number, number] = [0, 0];
    for (const [date, home, away, hs, as, tournament, , , neutral] of results) {
      while (next < dates.length && date > dates[next]) at.set(dates[next++], snapshot());
      const rh = elo.get(home) ?? 1500;
      const ra = elo.get(away) ?? 1500;
      if (date === "2022-12-18" && home === "Argentina") finalPre = [rh, ra];
      const dr = rh - ra + (neutral === "TRUE" ? 0 : 100);
      const we = 1 / (Math.pow(10, -dr / 400) + 1);
      const n = Math.abs(Number(hs) - Number(as));
      const w = shootouts.has(`${date}|${home}|${away}`) || n === 0 ? 0.5 : Number(hs) > Number(as) ? 1 : 0;
      const g = n <= 1 ? 1 : n === 2 ? 1.5 : (11 + n) / 8;
      const delta = K(tournament) * g * (w - we);
      elo.set(home, rh + delta);
      elo.set(away, ra - delta);
    }
    while (next < dates.length) at.set(dates[next++], snapshot());
    for (const date of dates) {
      const ranking = await apiGet(db, `/v1/ratings?date=${date}&limit=500`);
      for (const team of teams) {
        const item = ranking.items.find((i: { team_name: string }) => i.team_name === team);
        expect(item.rating, `${team} on ${date}`).toBeCloseTo(at.get(date)!.get(team)!, 9);
      }
    }
    const final = await db.contestSource.findUniqueOrThrow({
      where: { source_key: { source: "international", key: "2022-12-18/Argentina/France" } },
    });
    const pre = await apiGet(db, `/v1/contests/${final.contestId}/ratings`);
    expect(pre.items.map((i: { before: number }) => i.before)).toEqual([
      expect.closeTo(finalPre[0], 9),
      expect.closeTo(finalPre[1], 9),
    ]);
    expect(pre.items[0].expected + pre.items[1].expected).toBeCloseTo(1, 12);
    expect(pre.items.map((i: { team_name: string }) => i.team_name)).toEqual(["Argentina", "France"]);
    const england = await db.team.findUniqueOrThrow({ where: { name: "England" } });
    const history = await apiGet(db, `/v1/teams/${england.id}/ratings?to=1872-12-31`);
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ date: "1872-11-30", before: 1500, opponent_name: "Scotland" });
  });
});

describe("international results: incremental and idempotent", () => {
  it("adds exactly the newer copy's matches, goals and shoot-outs as changes", async () => {
    const results = lines("results.csv");
    const goals = lines("goalscorers.csv");
    const newMatches = results.filter((r) => r[0] >= SPLIT).length;
    const newGoals = goals.filter((r) => r[0] >= SPLIT).length;
    expect(append.contests).toEqual({
      imported: newMatches,
      linked: 0,
      unchanged: 49_288 - newMatches,
      changed: 0,
    });
    expect(append.goals.created).toBe(newGoals);
    const byType = (t: string) => appendChanges.filter((c) => c.type === t).length;
    expect(byType("contest.created")).toBe(newMatches);
    expect(byType("contest.event")).toBe(newGoals);
    expect(byType("person.created")).toBe(append.personsCreated);
    expect(byType("team.created")).toBe(append.teamsCreated);
    expect(appendChanges.length).toBe(newMatches + newGoals + append.personsCreated + append.teamsCreated);
    // Only new contests are named by the feed.
    const newIds = new Set(
      (
        await db.contestSource.findMany({
          where: { source: "international", key: { gte: SPLIT } },
          select: { contestId: true },
        })
      ).map((s) => s.contestId),
    );
    expect(appendChanges.filter((c) => c.contestId !== null && !newIds.has(c.contestId))).toEqual([]);
  });

  it("changes nothing when the same files are imported again", () => {
    expect(again.contests).toEqual({ imported: 0, linked: 0, unchanged: 49_288, changed: 0 });
    expect(again.goals.created).toBe(0);
    expect(again.ratingsWritten).toBe(0);
    expect(after).toEqual(before);
  });
});
