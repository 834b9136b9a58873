import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import type { Db } from "../../lib/platform/db/client";
import { ROOT } from "./app";

/** Runs a repo script (scripts/*.ts) against a database URL; returns its stdout. */
export function runScript(script: string, args: string[], databaseUrl: string): string {
  return execFileSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * SHA-256 of every sports row read through Prisma, so SQLite and PostgreSQL compare equal when
 * they hold the same data. Maintained tables (standings, season totals) are keyed by their
 * natural key, without ids or updatedAt.
 */
export async function sportsDigest(db: Db): Promise<string> {
  const hash = createHash("sha256");
  const add = (label: string, rows: unknown[]) => hash.update(`${label}:${JSON.stringify(rows)}\n`);
  add("competitions", await db.competition.findMany({ orderBy: { id: "asc" } }));
  add("editions", await db.edition.findMany({ orderBy: { id: "asc" } }));
  add("teams", await db.team.findMany({ orderBy: { id: "asc" } }));
  add("persons", await db.person.findMany({ orderBy: { id: "asc" } }));
  add("tokens", await db.personNameToken.findMany({ orderBy: [{ token: "asc" }, { personId: "asc" }] }));
  add("rosters", await db.rosterEntry.findMany({ orderBy: { id: "asc" } }));
  add("contests", await db.contest.findMany({ orderBy: { id: "asc" } }));
  add("participants", await db.contestParticipant.findMany({ orderBy: { id: "asc" } }));
  add("contest stats", await db.personContestStat.findMany({ orderBy: { id: "asc" } }));
  add("match events", await db.matchEvent.findMany({ orderBy: { id: "asc" } }));
  add("lineups", await db.lineupEntry.findMany({ orderBy: { id: "asc" } }));
  add(
    "team stats",
    await db.teamContestStat.findMany({ orderBy: [{ contestId: "asc" }, { teamId: "asc" }] }),
  );
  const standings = await db.standing.findMany({
    omit: { id: true, updatedAt: true },
    orderBy: [{ editionId: "asc" }, { group: "asc" }, { position: "asc" }],
  });
  add("standings", standings);
  add(
    "edition stats",
    await db.personEditionStat.findMany({
      omit: { id: true },
      orderBy: [{ editionId: "asc" }, { stat: "asc" }, { personId: "asc" }],
    }),
  );
  for (let after = 0; ;) {
    const page = await db.oddsPoint.findMany({
      where: { id: { gt: after } },
      orderBy: { id: "asc" },
      take: 50_000,
    });
    if (!page.length) break;
    add("odds", page);
    after = page[page.length - 1].id;
  }
  return hash.digest("hex");
}

/** Row counts of the sports tables. */
export async function sportsCounts(db: Db) {
  const [
    competitions,
    editions,
    teams,
    persons,
    rosters,
    contests,
    odds,
    contestStats,
    editionStats,
    standings,
  ] = await Promise.all([
    db.competition.count(),
    db.edition.count(),
    db.team.count(),
    db.person.count(),
    db.rosterEntry.count(),
    db.contest.count(),
    db.oddsPoint.count(),
    db.personContestStat.count(),
    db.personEditionStat.count(),
    db.standing.count(),
  ]);
  return {
    competitions,
    editions,
    teams,
    persons,
    rosters,
    contests,
    odds,
    contestStats,
    editionStats,
    standings,
  };
}

export interface ExpectedRow {
  teamId: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

/** The table finished contests imply, computed here independently of lib/sports. */
export function tableFromResults(
  results: Array<{ home: number; away: number; hg: number; ag: number }>,
): Map<number, ExpectedRow> {
  const rows = new Map<number, ExpectedRow>();
  const row = (teamId: number) =>
    rows.get(teamId) ??
    rows
      .set(teamId, { teamId, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 0 })
      .get(teamId)!;
  for (const { home, away, hg, ag } of results) {
    for (const [team, gf, ga] of [
      [home, hg, ag],
      [away, ag, hg],
    ]) {
      const r = row(team);
      r.played += 1;
      r.goalsFor += gf;
      r.goalsAgainst += ga;
      if (gf > ga) r.won += 1;
      else if (gf === ga) r.drawn += 1;
      else r.lost += 1;
      r.points = r.won * 3 + r.drawn;
    }
  }
  return rows;
}

/** Standing rows of an edition next to the table its finished league contests imply. */
export async function standingsAndResults(db: Db, editionId: number) {
  const contests = await db.contest.findMany({
    where: { editionId, status: "finished", stage: { in: ["Regular Season", "League phase"] } },
    include: { participants: true },
  });
  const results = contests.map((c) => {
    const home = c.participants.find((p) => p.side === "home")!;
    const away = c.participants.find((p) => p.side === "away")!;
    return { home: home.teamId!, away: away.teamId!, hg: home.score!, ag: away.score! };
  });
  const standings = await db.standing.findMany({ where: { editionId }, orderBy: { position: "asc" } });
  return { expected: tableFromResults(results), standings };
}

/**
 * Problems found comparing an edition's standings with its results ([] when consistent). Order is
 * checked on points then goal difference then goals, or on points only (wins-first tables).
 */
export async function standingsProblems(
  db: Db,
  editionId: number,
  order: "points-gd-gf" | "points" = "points-gd-gf",
): Promise<string[]> {
  const { expected, standings } = await standingsAndResults(db, editionId);
  const problems: string[] = [];
  standings.forEach((s, i) => {
    const e = expected.get(s.teamId) ?? {
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      goalsFor: 0,
      goalsAgainst: 0,
      points: 0,
    };
    const got = [s.played, s.won, s.drawn, s.lost, s.goalsFor, s.goalsAgainst, s.points, s.goalDifference];
    const want = [
      e.played,
      e.won,
      e.drawn,
      e.lost,
      e.goalsFor,
      e.goalsAgainst,
      e.points,
      e.goalsFor - e.goalsAgainst,
    ];
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`team ${s.teamId}: ${got} != ${want}`);
    if (s.position !== i + 1) problems.push(`positions are not 1..n at ${s.position}`);
    const prev = standings[i - 1];
    const key = (x: typeof s) => (order === "points" ? [x.points] : [x.points, x.goalDifference, x.goalsFor]);
    const firstDiff = prev
      ? key(prev)
          .map((v, k) => v - key(s)[k])
          .find((d) => d !== 0)
      : undefined;
    if (firstDiff !== undefined && firstDiff < 0)
      problems.push(`position ${s.position} should rank above position ${prev.position} (${order})`);
  });
  for (const teamId of expected.keys())
    if (!standings.some((s) => s.teamId === teamId))
      problems.push(`team ${teamId} has results but no standing`);
  return problems;
}
