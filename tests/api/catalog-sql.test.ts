import { describe, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db";
import { slugify } from "../../lib/sports/normalize";
import { expectError } from "../support/api";
import { BACKENDS, expectBytes, oracleApp } from "../support/oracle";

// /v1/teams, /v1/competitions and /v1/editions (lists and by id) are written straight from SQL
// rows (lib/repos/{teams,competitions,editions}.ts). The oracle here is the read they replaced:
// Prisma's findMany with the same orderBy, shaped per the Team / Competition / Edition schemas in
// the test. Every record is compared, as bytes (key order included), on SQLite and PostgreSQL.

async function expectedTeams(db: Db) {
  const rows = await db.team.findMany({ orderBy: [{ demo: "asc" }, { id: "asc" }] });
  return rows.map((t) => ({
    id: String(t.id),
    slug: slugify(t.name),
    name: t.name,
    short_name: t.shortName,
    code: t.code,
    country: t.country,
    founded: t.founded,
    venue: t.venue,
    demo: t.demo,
  }));
}

/** The coverage flags (lib/repos/coverage.ts) read through Prisma: does any contest of these editions have each kind of data. */
async function expectedCoverage(db: Db, editionIds: number[]) {
  const contest = { editionId: { in: editionIds } };
  const [results, events, lineups, teamStats, playerStats, odds] = await Promise.all([
    db.contest.count({ where: { ...contest, status: "finished" } }),
    db.matchEvent.count({ where: { contest, deletedAt: null } }),
    db.lineupEntry.count({ where: { contest } }),
    db.teamContestStat.count({ where: { contest } }),
    db.personContestStat.count({ where: { contest } }),
    db.oddsPoint.count({ where: { contest } }),
  ]);
  return {
    results: results > 0,
    events: events > 0,
    lineups: lineups > 0,
    team_stats: teamStats > 0,
    player_stats: playerStats > 0,
    odds: odds > 0,
  };
}

async function expectedCompetitions(db: Db, sport?: string) {
  const rows = await db.competition.findMany({
    where: { sport },
    orderBy: [{ demo: "asc" }, { id: "asc" }],
    include: {
      editions: { where: { current: true }, select: { id: true }, orderBy: { startDate: "desc" }, take: 1 },
    },
  });
  const all = await db.edition.findMany({ select: { id: true, competitionId: true } });
  const coverage = await Promise.all(
    rows.map((c) =>
      expectedCoverage(
        db,
        all.filter((e) => e.competitionId === c.id).map((e) => e.id),
      ),
    ),
  );
  return rows.map((c, i) => ({
    id: String(c.id),
    slug: c.slug,
    name: c.name,
    sport: c.sport,
    kind: c.kind,
    format: c.format,
    country: c.country,
    current_edition_id: c.editions.length ? String(c.editions[0].id) : null,
    demo: c.demo,
    coverage: coverage[i],
  }));
}

async function expectedEditions(db: Db, where: { competitionId?: number; current?: boolean }) {
  const rows = await db.edition.findMany({
    where,
    orderBy: [{ competitionId: "asc" }, { startDate: "asc" }, { id: "asc" }],
  });
  const slugs = new Map((await db.competition.findMany()).map((c) => [c.id, c.slug]));
  const coverage = await Promise.all(rows.map((e) => expectedCoverage(db, [e.id])));
  const contests = await Promise.all(rows.map((e) => expectedContests(db, e.id, e.competitionId)));
  return rows.map((e, i) => ({
    id: String(e.id),
    competition_id: String(e.competitionId),
    slug: `${slugs.get(e.competitionId)}-${slugify(e.name)}`,
    name: e.name,
    start_date: e.startDate.toISOString().slice(0, 10),
    end_date: e.endDate.toISOString().slice(0, 10),
    current: e.current,
    contests: contests[i],
    coverage: coverage[i],
  }));
}

/** A league edition of N teams should hold a double round robin, N·(N−1) contests. */
async function expectedContests(db: Db, editionId: number, competitionId: number) {
  const comp = await db.competition.findUniqueOrThrow({ where: { id: competitionId } });
  const present = await db.contest.count({ where: { editionId } });
  const sides = await db.contestParticipant.findMany({
    where: { contest: { editionId }, teamId: { not: null } },
    select: { teamId: true },
  });
  const n = new Set(sides.map((s) => s.teamId)).size;
  const expected = comp.format === "league" && comp.kind === "team" && n >= 2 ? n * (n - 1) : null;
  return { present, expected, missing: expected === null ? null : Math.max(0, expected - present) };
}

describe.each(BACKENDS)("$name: teams, competitions and editions from SQL rows", ({ pg }) => {
  const w = oracleApp(pg, "catalog-sql", async (fx) => {
    // Cover what the seeded fixture lacks: nulls, text JSON must escape, a competition without
    // editions, one whose editions are all past, two current editions (the later start wins),
    // two editions starting at the same instant (id breaks the tie) and a start late in a UTC day.
    await fx.db.team.create({
      data: {
        name: 'Club "Ñ" \\ Überlingen\t',
        nameNormalized: "club n uberlingen",
        shortName: "Club",
        code: "CLU",
      },
    });
    const empty = await fx.db.competition.create({
      data: {
        slug: "empty-cup",
        name: 'The "Empty" Cup',
        sport: "basketball",
        kind: "team",
        format: "knockout",
      },
    });
    const cup = await fx.db.competition.create({
      data: {
        slug: "test-cup",
        name: "Test Cup",
        sport: "football",
        kind: "team",
        format: "knockout",
        country: null,
      },
    });
    const pastOnly = await fx.db.competition.create({
      data: {
        slug: "old-shield",
        name: "Old Shield",
        sport: "football",
        kind: "team",
        format: "league_knockout",
      },
    });
    const edition = (competitionId: number, name: string, start: string, end: string, current = false) =>
      fx.db.edition.create({
        data: { competitionId, name, startDate: new Date(start), endDate: new Date(end), current },
      });
    await edition(cup.id, "2025 B", "2025-01-31T23:30:00Z", "2025-06-30T22:00:00.123Z", true);
    await edition(cup.id, "2024 \u00e9t\u00e9", "2024-02-01T00:00:00Z", "2024-06-30T00:00:00Z", true);
    await edition(cup.id, "2025 A", "2025-01-31T23:30:00Z", "2025-06-30T00:00:00Z");
    await edition(cup.id, "2023", "2023-02-01T00:00:00Z", "2023-06-30T00:00:00Z");
    await edition(pastOnly.id, "1999/00", "1999-08-01T00:00:00Z", "2000-05-31T00:00:00Z");
    return { empty: empty.id, cup: cup.id, pastOnly: pastOnly.id };
  });

  test("every team by id, and pages of the list", async () => {
    const all = await expectedTeams(w.fx.db);
    expect(all.length).toBeGreaterThan(10);
    expect(all.some((t) => t.country === null && t.founded === null && t.venue === null)).toBe(true);
    for (const t of all) {
      const { data, text } = await w.get(`/v1/teams/${t.id}`);
      expect(data).toEqual(t);
      expect(Object.keys(data)).toEqual(Object.keys(t));
      expectBytes(text, t);
    }
    const n = all.length;
    const pages: [string, number, number][] = [
      ["", 50, 0],
      ["?limit=3", 3, 0],
      ["?limit=4&offset=8", 4, 8],
      [`?limit=5&offset=${n - 2}`, 5, n - 2],
      [`?limit=1&offset=${n - 1}`, 1, n - 1],
      [`?offset=${n}`, 50, n],
      ["?limit=2&offset=1000", 2, 1000],
      ["?limit=100000&offset=0", 200, 0],
      ["?offset=99999999999999999999", 50, 1e15],
    ];
    for (const [query, limit, offset] of pages) {
      const want = { items: all.slice(offset, offset + limit), total: n };
      const { data, text } = await w.get(`/v1/teams${query}`);
      expect(data, query).toEqual(want);
      expectBytes(text, want);
    }
    expectError(await w.call("/v1/teams/99999999"), 404, "NOT_FOUND", "Team 99999999 not found");
    expectError(await w.call("/v1/teams/0"), 404, "NOT_FOUND", "Team 0 not found");
    expectError(await w.call("/v1/teams?limit=0"), 400, "INVALID_PARAMETER", /'limit'/);
    expectError(await w.call("/v1/teams?offset=-1"), 400, "INVALID_PARAMETER", /'offset'/);
  });

  test("every competition by id, and the list with and without a sport", async () => {
    const all = await expectedCompetitions(w.fx.db);
    expect(all.some((c) => c.current_edition_id === null && c.country === null)).toBe(true);
    const cup = all.find((c) => c.id === String(w.extra.cup))!;
    // The later-starting of the cup's two current editions.
    const cupCurrent = await w.fx.db.edition.findFirstOrThrow({
      where: { competitionId: w.extra.cup, name: "2025 B" },
    });
    expect(cup.current_edition_id).toBe(String(cupCurrent.id));
    for (const c of all) {
      const { data, text } = await w.get(`/v1/competitions/${c.id}`);
      expect(data).toEqual(c);
      expect(Object.keys(data)).toEqual(Object.keys(c));
      expectBytes(text, c);
    }
    for (const sport of [undefined, "football", "tennis", "basketball", "curling"]) {
      const want = { items: await expectedCompetitions(w.fx.db, sport) };
      const path = sport === undefined ? "/v1/competitions" : `/v1/competitions?sport=${sport}`;
      const { data, text } = await w.get(path);
      expect(data, path).toEqual(want);
      expectBytes(text, want);
    }
    expectError(
      await w.call("/v1/competitions/2147483647"),
      404,
      "NOT_FOUND",
      "Competition 2147483647 not found",
    );
    expectError(await w.call("/v1/competitions/x1"), 404, "NOT_FOUND", "Competition x1 not found");
    expectError(await w.call("/v1/competitions?sport=Foot!"), 400, "INVALID_PARAMETER", /'sport'/);
  });

  test("every edition by id, and the list by competition and current", async () => {
    const all = await expectedEditions(w.fx.db, {});
    expect(all.some((e) => e.start_date === "2025-01-31")).toBe(true);
    for (const e of all) {
      const { data, text } = await w.get(`/v1/editions/${e.id}`);
      expect(data).toEqual(e);
      expect(Object.keys(data)).toEqual(Object.keys(e));
      expectBytes(text, e);
    }
    const competitions = [w.fx.ids.league, w.fx.ids.tennis, w.extra.cup, w.extra.empty, w.extra.pastOnly];
    const cases: [string, { competitionId?: number; current?: boolean }][] = [
      ["", {}],
      ["?current=true", { current: true }],
      ["?current=false", { current: false }],
    ];
    for (const id of competitions) {
      cases.push(
        [`?competition=${id}`, { competitionId: id }],
        [`?competition=${id}&current=true`, { competitionId: id, current: true }],
        [`?current=false&competition=${id}`, { competitionId: id, current: false }],
      );
    }
    for (const [query, where] of cases) {
      const want = { items: await expectedEditions(w.fx.db, where) };
      const { data, text } = await w.get(`/v1/editions${query}`);
      expect(data, query).toEqual(want);
      expectBytes(text, want);
    }
    expect((await w.get(`/v1/editions?competition=${w.extra.empty}`)).data.items).toEqual([]);
    expect((await w.get(`/v1/editions?competition=${w.extra.pastOnly}&current=true`)).data.items).toEqual([]);
    expectError(
      await w.call("/v1/editions?competition=777"),
      404,
      "NOT_FOUND",
      "Competition 777 (parameter 'competition') not found",
    );
    expectError(
      await w.call("/v1/editions?competition=777&current=false"),
      404,
      "NOT_FOUND",
      "Competition 777 (parameter 'competition') not found",
    );
    expectError(await w.call("/v1/editions?current=yes"), 400, "INVALID_PARAMETER", /'current'/);
    expectError(await w.call("/v1/editions?competition=0"), 400, "INVALID_PARAMETER", /'competition'/);
    expectError(await w.call("/v1/editions/99999999"), 404, "NOT_FOUND", "Edition 99999999 not found");
  });
});
