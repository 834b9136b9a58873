import type { Db } from "../../platform/db";
import { c, columns, type RowOf } from "../../platform/db/columns";
import { sqlRows, statement } from "../../platform/db/sql";

/**
 * The reads of a contest's match centre, each one prepared statement that also tells whether the
 * contest exists (the contest row is LEFT JOINed to its data), so an unknown id and a contest
 * without data are told apart without a second query.
 */

/** A live event of the contest; a contest without events is one row whose event columns are null. */
export const EVENT = columns(
  c.int("contestId", 'c."id"'),
  c.intOrNull("id", 'm."id"'),
  c.textOrNull("type", 'm."type"'),
  c.intOrNull("minute", 'm."minute"'),
  c.intOrNull("addedTime", 'm."addedTime"'),
  c.intOrNull("teamId", 'm."teamId"'),
  c.intOrNull("personId", 'm."personId"'),
  c.textOrNull("personName", 'm."personName"'),
  c.intOrNull("relatedPersonId", 'm."relatedPersonId"'),
  c.textOrNull("relatedName", 'm."relatedName"'),
  c.boolOrNull("penalty", 'm."penalty"'),
  c.boolOrNull("ownGoal", 'm."ownGoal"'),
  c.textOrNull("detail", 'm."detail"'),
  c.textOrNull("source", 'm."source"'),
  c.intOrNull("revision", 'm."revision"'),
  c.textOrNull("teamName", 't."name"'),
);
export type EventTuple = RowOf<typeof EVENT.cols>;

const events = statement(
  (d) =>
    `SELECT ${EVENT.list(d)} ` +
    `FROM "contests" c LEFT JOIN "match_events" m ON m."contestId" = c."id" AND m."deletedAt" IS NULL ` +
    `LEFT JOIN "teams" t ON t."id" = m."teamId" ` +
    `WHERE c."id" = ? ORDER BY m."sequence", m."id"`,
);

/** The contest's live (not deleted) events in match order; null for an unknown contest. */
export async function contestEvents(db: Db, id: number): Promise<EventTuple[] | null> {
  const rows = (await sqlRows(db, events, [id])) as unknown as EventTuple[];
  if (!rows.length) return null;
  return rows[0][EVENT.at.id] === null ? [] : rows;
}

/**
 * A lineup entry; sides without a lineup give no row, a contest with none one row of nulls after
 * side.
 */
export const LINEUP = columns(
  c.textOrNull("side", 'p."side"'),
  c.intOrNull("teamId", 'p."teamId"'),
  c.textOrNull("formation", 'p."formation"'),
  c.intOrNull("personId", 'l."personId"'),
  c.textOrNull("personName", 'pe."name"'),
  c.textOrNull("role", 'l."role"'),
  c.intOrNull("shirtNumber", 'l."shirtNumber"'),
  c.textOrNull("position", 'l."position"'),
  c.textOrNull("teamName", 't."name"'),
);
export type LineupTuple = RowOf<typeof LINEUP.cols>;

const lineups = statement(
  (d) =>
    `SELECT ${LINEUP.list(d)} ` +
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
  return rows.filter((r) => r[LINEUP.at.personId] !== null);
}

/** A side's team statistics and the contest's referee; a contest without any is one row of nulls but the referee. */
export const TEAM_STAT = columns(
  c.textOrNull("side", 'p."side"'),
  c.intOrNull("teamId", 's."teamId"'),
  c.intOrNull("shots", 's."shots"'),
  c.intOrNull("shotsOnTarget", 's."shotsOnTarget"'),
  c.intOrNull("corners", 's."corners"'),
  c.intOrNull("fouls", 's."fouls"'),
  c.intOrNull("yellowCards", 's."yellowCards"'),
  c.intOrNull("redCards", 's."redCards"'),
  c.textOrNull("referee", 'c."referee"'),
  c.textOrNull("teamName", 't."name"'),
);
export type TeamStatTuple = RowOf<typeof TEAM_STAT.cols>;

const teamStats = statement(
  (d) =>
    `SELECT ${TEAM_STAT.list(d)} ` +
    `FROM "contests" c LEFT JOIN "team_contest_stats" s ON s."contestId" = c."id" ` +
    `LEFT JOIN "teams" t ON t."id" = s."teamId" ` +
    `LEFT JOIN "contest_participants" p ON p."contestId" = c."id" AND p."teamId" = s."teamId" ` +
    `WHERE c."id" = ? ORDER BY p."side" DESC, s."teamId"`,
);

/** A person's statistic in the contest, by team, person and stat. */
export const PLAYER_STAT = columns(
  c.int("personId", 's."personId"'),
  c.text("personName", 'pe."name"'),
  c.intOrNull("teamId", 's."teamId"'),
  c.text("stat", 's."stat"'),
  c.int("value", 's."value"'),
  c.textOrNull("teamName", 't."name"'),
);
export type PlayerStatTuple = RowOf<typeof PLAYER_STAT.cols>;

const playerStats = statement(
  (d) =>
    `SELECT ${PLAYER_STAT.list(d)} FROM "person_contest_stats" s ` +
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
  const at = TEAM_STAT.at;
  return { referee: teams[0][at.referee], teams: teams.filter((t) => t[at.teamId] !== null), players };
}
