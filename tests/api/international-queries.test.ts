import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { dialect, sqlRows } from "../../lib/platform/db/sql";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { importInternational } from "../../lib/importers/international/index";
import { apiGet, csvCells, internationalDir, writeSubset } from "../support/international";
import { createPgDatabase, type TempPgDatabase } from "../support/postgres";

// The head-to-head, team season and ranking reads on the whole international results set (49,288
// matches, SQLite), each equal to the plain join that states what it answers (the reference
// statements below: no join order forced, no select-list probes). Then the same reads on a subset
// imported into SQLite and PostgreSQL alike answer the same on both.

let dir: string;
let db: Db;
const id = async (d: Db, name: string) => (await d.team.findUniqueOrThrow({ where: { name } })).id;

/** Every meeting of two teams, newest first, from the first team's side. */
async function referenceMeetings(d: Db, team: number, opponent: number) {
  const { iso, isoValue } = dialect(d);
  const rows = await sqlRows(
    d,
    `SELECT c."id", e."competitionId", c."editionId", ${iso('c."kickoffAt"')}, c."status", p."side", p."score", o."score", p."outcome" ` +
      `FROM "contest_participants" p JOIN "contest_participants" o ON o."contestId" = p."contestId" AND o."side" <> p."side" ` +
      `JOIN "contests" c ON c."id" = p."contestId" JOIN "editions" e ON e."id" = c."editionId" ` +
      `WHERE p."teamId" = ? AND o."teamId" = ? ORDER BY c."kickoffAt" DESC, c."id" DESC`,
    [team, opponent],
  );
  return rows.map(([contest, comp, ed, at, status, side, gf, ga, outcome]) => ({
    contest_id: String(contest),
    competition_id: String(comp),
    edition_id: String(ed),
    kickoff_at: isoValue(at),
    status,
    side,
    goals_for: gf,
    goals_against: ga,
    outcome,
  }));
}

/** A team's finished contests of an edition: [contest, opponent, goals for, goals against, outcome]. */
async function referenceSeason(d: Db, team: number, edition: number) {
  const rows = await sqlRows(
    d,
    `SELECT c."id", o."teamId", p."score", o."score", p."outcome" FROM "contest_participants" p ` +
      `JOIN "contests" c ON c."id" = p."contestId" JOIN "contest_participants" o ON o."contestId" = p."contestId" AND o."side" <> p."side" ` +
      `WHERE p."teamId" = ? AND c."editionId" = ? AND c."status" = 'finished' ORDER BY c."kickoffAt", c."id"`,
    [team, edition],
  );
  return rows.map(([c, o, gf, ga, outcome]) => [String(c), String(o), gf, ga, outcome]);
}

/** The ranking as the join on each team's latest rating before `before`, best first. */
async function referenceRanking(d: Db, before: Date) {
  const { day, at } = dialect(d);
  const rows = await sqlRows(
    d,
    `SELECT t."id", t."name", r."after", ${day('r."ratedAt"')} FROM "teams" t JOIN "team_ratings" r ` +
      `ON r."contestId" = (SELECT x."contestId" FROM "team_ratings" x WHERE x."teamId" = t."id" AND x."ratedAt" < ? ` +
      `ORDER BY x."ratedAt" DESC, x."seq" DESC LIMIT 1) AND r."teamId" = t."id" ORDER BY r."after" DESC, t."id"`,
    [at(before)],
  );
  return rows.map(([t, name, rating, last], i) => ({
    rank: i + 1,
    team_id: String(t),
    team_name: name,
    rating: Number(rating),
    last_played: last,
  }));
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
const PAIRS = [
  ["England", "Scotland"],
  ["Scotland", "England"],
  ["Brazil", "Argentina"],
  ["Benin", "Togo"],
  ["Tahiti", "New Caledonia"],
];
const DATES = ["1872-11-29", "1872-11-30", "1930-07-30", "1974-02-17", "2010-07-11", "2026-05-31"];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-intl-q-"));
  const url = `file:${path.join(dir, "intl.db")}`;
  await applyMigrations(url);
  db = createClient(url);
  await importInternational(db, internationalDir());
}, 600_000);

afterAll(async () => {
  await db?.$disconnect();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("international reads equal their reference joins on the whole set", () => {
  it("head-to-head: every meeting and the record", async () => {
    for (const [a, b] of PAIRS) {
      const [team, opponent] = [await id(db, a), await id(db, b)];
      const h2h = await apiGet(db, `/v1/teams/${team}/head-to-head?opponent=${opponent}`);
      const expected = await referenceMeetings(db, team, opponent);
      expect(h2h.meetings, `${a} v ${b}`).toEqual(expected);
      expect(h2h.record.played).toBe(expected.filter((m) => m.outcome !== null).length);
    }
    const [eng, sco] = [await id(db, "England"), await id(db, "Scotland")];
    const h2h = await apiGet(db, `/v1/teams/${eng}/head-to-head?opponent=${sco}`);
    // results.csv: 118 England-Scotland matches from 1872-11-30 (0-0) on.
    expect(h2h.meetings).toHaveLength(118);
    expect(h2h.meetings.at(-1)).toMatchObject({ kickoff_at: expect.stringMatching(/^1872-11-30/) });
  });

  it("team season: the matches of every edition England and Benin played", async () => {
    for (const name of ["England", "Benin"]) {
      const team = await id(db, name);
      const editions = await db.contest.findMany({
        where: { participants: { some: { teamId: team } } },
        select: { editionId: true },
        distinct: ["editionId"],
      });
      expect(editions.length).toBeGreaterThan(20);
      for (const { editionId } of editions) {
        const season = await apiGet(db, `/v1/teams/${team}/stats?edition=${editionId}`);
        const got = season.matches.map((m: Record<string, unknown>) => [
          m.contest_id,
          m.opponent_id,
          m.goals_for,
          m.goals_against,
          m.outcome,
        ]);
        expect(got, `${name} in edition ${editionId}`).toEqual(await referenceSeason(db, team, editionId));
      }
    }
  });

  it("ranking: every rated team at several dates, in order", async () => {
    for (const date of DATES) {
      const ranking = await apiGet(db, `/v1/ratings?date=${date}&limit=500`);
      expect(ranking.items, date).toEqual(await referenceRanking(db, nextDay(date)));
    }
    expect((await apiGet(db, "/v1/ratings?date=1872-11-29")).items).toEqual([]);
    expect((await apiGet(db, "/v1/ratings?date=2010-07-11&limit=500")).items.length).toBeGreaterThan(250);
  });
});

/** A team's record from results.csv and shootouts.csv: a level score settled by a shoot-out is won or lost. */
function csvRecord(team: string, keep: (tournament: string, date: string) => boolean = () => true) {
  const read = (file: string) =>
    fs
      .readFileSync(path.join(internationalDir(), file), "utf8")
      .split("\n")
      .slice(1)
      .filter(Boolean)
      .map(csvCells);
  const shootouts = new Map(read("shootouts.csv").map((r) => [`${r[0]}|${r[1]}|${r[2]}`, r[3]]));
  const r = { played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0 };
  for (const [date, home, away, hs, as, tournament] of read("results.csv")) {
    if ((home !== team && away !== team) || hs === "NA" || !keep(tournament, date)) continue;
    const [gf, ga] = home === team ? [Number(hs), Number(as)] : [Number(as), Number(hs)];
    const winner = gf > ga ? team : gf < ga ? "other" : (shootouts.get(`${date}|${home}|${away}`) ?? null);
    r.played++;
    if (winner === null) r.drawn++;
    else if (winner === team) r.won++;
    else r.lost++;
    r.goals_for += gf;
    r.goals_against += ga;
  }
  return r;
}

describe("a team's all-time record", () => {
  it("equals results.csv for England, overall and at the World Cup, and sums its competitions", async () => {
    const eng = await id(db, "England");
    const all = await apiGet(db, `/v1/teams/${eng}/record`);
    expect(all.record).toMatchObject(csvRecord("England"));
    expect(all.record.first_played).toBe("1872-11-30");
    const sum = (f: string) => all.competitions.reduce((n: number, c: Record<string, number>) => n + c[f], 0);
    for (const f of ["played", "won", "drawn", "lost", "goals_for", "goals_against"])
      expect(sum(f)).toBe(all.record[f]);
    const wc = await db.competition.findFirstOrThrow({ where: { name: "FIFA World Cup" } });
    const cup = await apiGet(db, `/v1/teams/${eng}/record?competition=${wc.id}`);
    expect(cup.record).toMatchObject(csvRecord("England", (t) => t === "FIFA World Cup"));
    expect(cup.competitions).toHaveLength(1);
    const window = await apiGet(db, `/v1/teams/${eng}/record?from=1966-01-01&to=1966-12-31`);
    expect(window.record).toMatchObject(csvRecord("England", (_, d) => d.startsWith("1966-")));
  });

  it("names the team as it played: Benin as Dahomey until 1975", async () => {
    const benin = await apiGet(db, `/v1/teams/${await id(db, "Benin")}/record`);
    expect(benin.names.map((n: { name: string }) => n.name)).toEqual(["Dahomey", "Benin"]);
    expect(benin.names[0].last_played < "1975-12-01").toBe(true);
    expect(benin.names.reduce((n: number, x: { played: number }) => n + x.played, 0)).toBe(
      benin.record.played,
    );
    expect(benin.record).toMatchObject(csvRecord("Benin"));
  });
});

describe("the same reads on PostgreSQL", () => {
  let pg: TempPgDatabase;
  let pgDb: Db;
  let liteDb: Db;
  // The home nations and their neighbours: a few hundred matches from 1872 on, on both providers.
  const TEAMS = new Set(["England", "Scotland", "Wales", "Northern Ireland", "Republic of Ireland"]);

  beforeAll(async () => {
    const subset = path.join(dir, "subset");
    writeSubset(internationalDir(), subset, (line) => {
      const [, home, away] = line.split(",");
      return TEAMS.has(home) && TEAMS.has(away);
    });
    pg = createPgDatabase();
    await applyMigrations(pg.url);
    pgDb = createClient(pg.url);
    const liteUrl = `file:${path.join(dir, "subset.db")}`;
    await applyMigrations(liteUrl);
    liteDb = createClient(liteUrl);
    await importInternational(pgDb, subset);
    await importInternational(liteDb, subset);
  }, 600_000);

  afterAll(async () => {
    await pgDb?.$disconnect();
    await liteDb?.$disconnect();
    pg?.drop();
  });

  it("answers as SQLite does and as the reference joins do", async () => {
    const [eng, sco] = [await id(pgDb, "England"), await id(pgDb, "Scotland")];
    expect([await id(liteDb, "England"), await id(liteDb, "Scotland")]).toEqual([eng, sco]);
    const paths = [
      `/v1/teams/${eng}/head-to-head?opponent=${sco}`,
      `/v1/teams/${sco}/head-to-head?opponent=${eng}`,
      `/v1/teams/${eng}/stats`,
      `/v1/teams/${eng}/record`,
      `/v1/teams/${sco}/record?from=1900-01-01&to=1950-12-31`,
      ...DATES.map((d) => `/v1/ratings?date=${d}&limit=500`),
    ];
    for (const p of paths) {
      const [onPg, onLite] = [await apiGet(pgDb, p), await apiGet(liteDb, p)];
      // Ratings are floats summed in the same order: equal to the last digits on both.
      expect(onPg, p).toEqual(onLite);
    }
    const h2h = await apiGet(pgDb, `/v1/teams/${eng}/head-to-head?opponent=${sco}`);
    expect(h2h.meetings).toEqual(await referenceMeetings(pgDb, eng, sco));
    expect(h2h.meetings).toHaveLength(118);
    for (const d of DATES) {
      const ranking = await apiGet(pgDb, `/v1/ratings?date=${d}&limit=500`);
      expect(ranking.items, d).toEqual(await referenceRanking(pgDb, nextDay(d)));
    }
    const season = await apiGet(pgDb, `/v1/teams/${eng}/stats`);
    const got = season.matches.map((m: Record<string, unknown>) => [
      m.contest_id,
      m.opponent_id,
      m.goals_for,
      m.goals_against,
      m.outcome,
    ]);
    expect(got).toEqual(await referenceSeason(pgDb, eng, Number(season.edition_id)));
  });
});
