/** The seed's reads and its marker; the bulk rows go through the driver (lib/seed/insert.ts). */
import type { Db, DbOrTx } from "../platform/db/client";

/** The system_state value naming the seeded version and scale, or null. */
export async function seedMarkerOf(db: Db, key: string): Promise<string | null> {
  return (await db.systemState.findUnique({ where: { key } }))?.value ?? null;
}

export async function setSeedMarker(tx: DbOrTx, key: string, value: string): Promise<void> {
  await tx.systemState.upsert({ where: { key }, create: { key, value }, update: { value } });
}

export const competitionCount = (db: Db): Promise<number> => db.competition.count();

/** Every edition's id, in id order. */
export async function editionIds(db: Db): Promise<number[]> {
  return (await db.edition.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((e) => e.id);
}

const DEMO_COMPETITIONS = `SELECT "id" FROM "competitions" WHERE "demo" = true`;
const DEMO_EDITIONS = `SELECT "id" FROM "editions" WHERE "competitionId" IN (${DEMO_COMPETITIONS})`;
const DEMO_CONTESTS = `SELECT "id" FROM "contests" WHERE "editionId" IN (${DEMO_EDITIONS})`;
const DEMO_TEAMS = `SELECT "id" FROM "teams" WHERE "demo" = true`;
const DEMO_PERSONS = `SELECT "id" FROM "persons" WHERE "demo" = true`;

/** The demo set's rows the change feed names: contests (with their competition), teams, persons. */
export async function demoRows(tx: DbOrTx): Promise<{
  contests: Array<{ id: number; competitionId: number }>;
  teams: number[];
  persons: number[];
}> {
  const [contests, teams, persons] = await Promise.all([
    tx.contest.findMany({
      where: { edition: { competition: { demo: true } } },
      select: { id: true, edition: { select: { competitionId: true } } },
      orderBy: { id: "asc" },
    }),
    tx.team.findMany({ where: { demo: true }, select: { id: true }, orderBy: { id: "asc" } }),
    tx.person.findMany({ where: { demo: true }, select: { id: true }, orderBy: { id: "asc" } }),
  ]);
  return {
    contests: contests.map((c) => ({ id: c.id, competitionId: c.edition.competitionId })),
    teams: teams.map((t) => t.id),
    persons: persons.map((p) => p.id),
  };
}

/**
 * Deletes every demo competition (with its editions, contests and all that hangs off them), demo
 * team and demo person, children first: the same statements on SQLite and PostgreSQL, whether or
 * not the connection enforces foreign-key cascades.
 */
export async function deleteDemoRows(tx: DbOrTx): Promise<void> {
  const [C, E, K, T, P] = [DEMO_COMPETITIONS, DEMO_EDITIONS, DEMO_CONTESTS, DEMO_TEAMS, DEMO_PERSONS];
  const statements: Array<[table: string, where: string]> = [
    [
      "match_events",
      `"contestId" IN (${K}) OR "teamId" IN (${T}) OR "personId" IN (${P}) OR "relatedPersonId" IN (${P})`,
    ],
    ["lineup_entries", `"contestId" IN (${K}) OR "teamId" IN (${T}) OR "personId" IN (${P})`],
    ["team_contest_stats", `"contestId" IN (${K}) OR "teamId" IN (${T})`],
    ["odds_points", `"contestId" IN (${K}) OR "personId" IN (${P})`],
    ["person_contest_stats", `"contestId" IN (${K}) OR "personId" IN (${P}) OR "teamId" IN (${T})`],
    ["contest_participants", `"contestId" IN (${K}) OR "teamId" IN (${T}) OR "personId" IN (${P})`],
    ["competition_person_stats", `"competitionId" IN (${C}) OR "personId" IN (${P})`],
    ["edition_stat_names", `"editionId" IN (${E})`],
    ["person_edition_stats", `"editionId" IN (${E}) OR "personId" IN (${P})`],
    ["standings", `"editionId" IN (${E}) OR "teamId" IN (${T})`],
    ["point_adjustments", `"editionId" IN (${E}) OR "teamId" IN (${T})`],
    ["roster_entries", `"editionId" IN (${E}) OR "teamId" IN (${T}) OR "personId" IN (${P})`],
    ["contests", `"id" IN (${K})`],
    ["editions", `"id" IN (${E})`],
    ["competitions", `"demo" = true`],
    ["person_name_tokens", `"personId" IN (${P})`],
    ["team_aliases", `"teamId" IN (${T})`],
    ["persons", `"demo" = true`],
    ["teams", `"demo" = true`],
  ];
  for (const [table, where] of statements)
    await tx.$executeRawUnsafe(`DELETE FROM "${table}" WHERE ${where}`);
}
