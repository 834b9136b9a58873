import type { Db } from "../platform/db";
import { sqlRows, statement } from "../platform/db/sql";

/**
 * The reads of a contest's match centre, each one prepared statement that also tells whether the
 * contest exists (the contest row is LEFT JOINed to its data), so an unknown id and a contest
 * without data are told apart without a second query.
 */

/**
 * An event as a row: [contestId, id, type, minute, addedTime, teamId, personId, personName,
 * relatedPersonId, relatedName, penalty, ownGoal, detail, source, revision, teamName]; a contest without
 * events is one row whose event columns are null.
 */
export type EventTuple = [
  number,
  number | null,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  number | null,
  string | null,
  boolean | number | null,
  boolean | number | null,
  string | null,
  string | null,
  number | null,
  string | null,
];

const events = statement(
  () =>
    `SELECT c."id", m."id", m."type", m."minute", m."addedTime", m."teamId", m."personId", m."personName", ` +
    `m."relatedPersonId", m."relatedName", m."penalty", m."ownGoal", m."detail", m."source", m."revision", t."name" ` +
    `FROM "contests" c LEFT JOIN "match_events" m ON m."contestId" = c."id" AND m."deletedAt" IS NULL ` +
    `LEFT JOIN "teams" t ON t."id" = m."teamId" ` +
    `WHERE c."id" = ? ORDER BY m."sequence", m."id"`,
);

/** The contest's live (not deleted) events in match order; null for an unknown contest. */
export async function contestEvents(db: Db, id: number): Promise<EventTuple[] | null> {
  const rows = (await sqlRows(db, events, [id])) as unknown as EventTuple[];
  if (!rows.length) return null;
  return rows[0][1] === null ? [] : rows;
}

/**
 * A lineup entry as a row: [side, teamId, formation, personId, personName, role, shirtNumber,
 * position, teamName]; sides without a lineup give no row, a contest with none one row of nulls after side.
 */
export type LineupTuple = [
  string | null,
  number | null,
  string | null,
  number | null,
  string | null,
  string | null,
  number | null,
  string | null,
  string | null,
];

const lineups = statement(
  () =>
    `SELECT p."side", p."teamId", p."formation", l."personId", pe."name", l."role", l."shirtNumber", l."position", t."name" ` +
    `FROM "contests" c LEFT JOIN "contest_participants" p ON p."contestId" = c."id" ` +
    `LEFT JOIN "teams" t ON t."id" = p."teamId" ` +
    `LEFT JOIN "lineup_entries" l ON l."contestId" = c."id" AND l."teamId" = p."teamId" ` +
    `LEFT JOIN "persons" pe ON pe."id" = l."personId" ` +
    `WHERE c."id" = ? ORDER BY p."side" DESC, l."sequence"`,
);

/** The contest's lineups (rows with a person only); null for an unknown contest. */
export async function contestLineups(db: Db, id: number): Promise<LineupTuple[] | null> {
  const rows = (await sqlRows(db, lineups, [id])) as unknown as LineupTuple[];
  if (!rows.length) return null;
  return rows.filter((r) => r[3] !== null);
}

/** [side, teamId, shots, shotsOnTarget, corners, fouls, yellowCards, redCards, referee, teamName] */
export type TeamStatTuple = [
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  string | null,
];

const teamStats = statement(
  () =>
    `SELECT p."side", s."teamId", s."shots", s."shotsOnTarget", s."corners", s."fouls", s."yellowCards", s."redCards", c."referee", t."name" ` +
    `FROM "contests" c LEFT JOIN "team_contest_stats" s ON s."contestId" = c."id" ` +
    `LEFT JOIN "teams" t ON t."id" = s."teamId" ` +
    `LEFT JOIN "contest_participants" p ON p."contestId" = c."id" AND p."teamId" = s."teamId" ` +
    `WHERE c."id" = ? ORDER BY p."side" DESC, s."teamId"`,
);

/** [personId, personName, teamId, stat, value, teamName] of the contest, by team, person and stat. */
export type PlayerStatTuple = [number, string, number | null, string, number, string | null];

const playerStats = statement(
  () =>
    `SELECT s."personId", pe."name", s."teamId", s."stat", s."value", t."name" FROM "person_contest_stats" s ` +
    `JOIN "persons" pe ON pe."id" = s."personId" LEFT JOIN "teams" t ON t."id" = s."teamId" WHERE s."contestId" = ? ORDER BY s."teamId", s."personId", s."stat"`,
);

/** Team statistics (with the referee) and the player box score; null for an unknown contest. */
export async function contestStatistics(
  db: Db,
  id: number,
): Promise<{ referee: string | null; teams: TeamStatTuple[]; players: PlayerStatTuple[] } | null> {
  const teams = (await sqlRows(db, teamStats, [id])) as unknown as TeamStatTuple[];
  if (!teams.length) return null;
  const players = (await sqlRows(db, playerStats, [id])) as unknown as PlayerStatTuple[];
  return { referee: teams[0][8], teams: teams.filter((t) => t[1] !== null), players };
}
