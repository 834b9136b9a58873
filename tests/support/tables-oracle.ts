import { admin } from "./cli";
import type { Fixture } from "./fixtures";

// The world of tests/api/tables-sql.test.ts: the fixture enriched with what it lacks for standings
// and rosters, and the wire shapes built from Prisma rows (the oracle).

/** Text a JSON body must carry JSON-escaped (quotes, backslash, control character, astral plane). */
export const AWKWARD = 'Quote " back \\ tab\t ünï 🦊';

export interface TablesExtra {
  /** The cup's editions: current (older), newer but not current, and one without standings. */
  cup: { id: number; current: number; newer: number; bare: number };
  noEditions: number;
}

/** Data the fixture lacks: point adjustments (admin CLI), groups, ties, awkward text, a null team. */
export async function enrich(fx: Fixture): Promise<TablesExtra> {
  const db = fx.db;
  for (const [team, points, reason] of [
    ["Ashford United", "-3", `Breach of "rule" 4.2 — ${AWKWARD}`],
    ["Ashford United", "+1", "Appeal partly upheld"],
    ["Carrow City", "-8", "Administration"],
  ])
    admin(
      fx.url,
      "standings",
      "adjust",
      "--competition",
      "test-league",
      "--edition",
      "2024/25",
      "--team",
      team,
      "--points",
      points,
      "--reason",
      reason,
      "--by",
      "ops@example.com",
    );

  const cup = await db.competition.create({
    data: { slug: "test-cup", name: "Test Cup", sport: "football", kind: "team", format: "groups" },
  });
  const noEditions = await db.competition.create({
    data: { slug: "test-none", name: "Test None", sport: "football", kind: "team", format: "league" },
  });
  const edition = (name: string, start: string, current: boolean) =>
    db.edition.create({
      data: {
        competitionId: cup.id,
        name,
        startDate: new Date(`${start}T00:00:00Z`),
        endDate: new Date(`${start}T00:00:00Z`),
        current,
      },
    });
  const current = await edition("2023", "2023-03-01", true);
  const newer = await edition("2024", "2024-03-01", false);
  const bare = await edition("2022", "2022-03-01", false);
  const odd = await db.team.create({
    data: { name: `Saint ${AWKWARD} FC`, nameNormalized: "saint fc", shortName: "Saint", code: "STF" },
  });
  const teams = [...(await db.team.findMany({ orderBy: { id: "asc" }, take: 7 })), odd];
  // Groups in an order that is neither insertion nor team order; positions tied within a group.
  const groups = ["B", "A", "a", "Ä", ""];
  const rows = teams.map((t, i) => ({
    editionId: current.id,
    group: groups[i % groups.length],
    teamId: t.id,
    position: (i * 7) % 3,
    played: i,
    won: i % 4,
    drawn: i % 2,
    lost: i % 3,
    goalsFor: 10 - i,
    goalsAgainst: i * 2,
    goalDifference: 10 - 3 * i,
    points: 3 * (i % 4) + (i % 2) - (i === 2 ? 5 : 0),
    form: i % 2 ? "WLD" : "",
    adjustment: i === 2 ? -5 : i === 5 ? 2 : 0,
    adjustmentNote: i === 2 ? AWKWARD : i === 5 ? "Awarded" : null,
  }));
  for (const r of rows.reverse()) await db.standing.create({ data: r });
  await db.standing.createMany({
    data: teams.slice(0, 3).map((t, i) => ({
      editionId: newer.id,
      teamId: t.id,
      position: 3 - i,
      played: 1,
      won: 1,
      drawn: 0,
      lost: 0,
      goalsFor: 1,
      goalsAgainst: 0,
      goalDifference: 1,
      points: 3,
    })),
  });

  // A person whose name needs escaping; a null-team entry inside a football edition (its place
  // among the teams is the database's NULL ordering, which Prisma's orderBy also used).
  const someone = await db.rosterEntry.findFirstOrThrow({
    where: { editionId: fx.ids.leagueCurrent },
    orderBy: { id: "desc" },
  });
  await db.person.update({ where: { id: someone.personId }, data: { name: `O'Brien ${AWKWARD}` } });
  const tennisPlayer = await db.rosterEntry.findFirstOrThrow({ where: { editionId: fx.ids.tennisEdition } });
  await db.rosterEntry.create({
    data: { editionId: fx.ids.leagueCurrent, teamId: null, personId: tennisPlayer.personId, role: "coach" },
  });
  await db.rosterEntry.createMany({
    data: [
      {
        editionId: current.id,
        teamId: odd.id,
        personId: someone.personId,
        shirtNumber: 0,
        position: AWKWARD,
      },
      { editionId: current.id, teamId: teams[0].id, personId: tennisPlayer.personId, position: "" },
    ],
  });
  return {
    cup: { id: cup.id, current: current.id, newer: newer.id, bare: bare.id },
    noEditions: noEditions.id,
  };
}

/** The wire shapes (zod schemas in lib/api/endpoints), built from Prisma rows. */
export type StandingRow = Awaited<ReturnType<typeof standingRows>>[number];
export const standingRows = (fx: Fixture) =>
  fx.db.standing.findMany({
    include: { team: { select: { name: true } } },
    orderBy: [{ editionId: "asc" }, { group: "asc" }, { position: "asc" }, { id: "asc" }],
  });
export const standing = (s: StandingRow) => ({
  id: String(s.id),
  edition_id: String(s.editionId),
  group: s.group,
  team_id: String(s.teamId),
  team_name: s.team.name,
  position: s.position,
  played: s.played,
  won: s.won,
  drawn: s.drawn,
  lost: s.lost,
  goals_for: s.goalsFor,
  goals_against: s.goalsAgainst,
  goal_difference: s.goalDifference,
  points: s.points,
  points_adjustment: s.adjustment,
  adjustment_note: s.adjustmentNote,
  form: s.form,
  updated_at: s.updatedAt.toISOString(),
});

export type RosterRow = Awaited<ReturnType<typeof rosterRows>>[number];
export const rosterRows = (fx: Fixture) =>
  fx.db.rosterEntry.findMany({
    include: { person: { select: { name: true } }, team: { select: { name: true } } },
    orderBy: [{ editionId: "asc" }, { teamId: "asc" }, { id: "asc" }],
  });
export const entry = (r: RosterRow) => ({
  id: String(r.id),
  edition_id: String(r.editionId),
  team_id: r.teamId === null ? null : String(r.teamId),
  team_name: r.team?.name ?? null,
  person_id: String(r.personId),
  person_name: r.person.name,
  shirt_number: r.shirtNumber,
  position: r.position,
  role: r.role,
});

/** Runs the checks a few at a time (the server and the databases are local). */
export async function inBatches<T>(items: T[], check: (item: T) => Promise<void>, width = 6) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(check));
}
