import type { Db } from "../platform/db";
import { dialect, sqlRows, statement } from "../platform/db/sql";

/**
 * Season figures and head-to-head, read from the per-contest rows (person_contest_stats,
 * team_contest_stats, contest_participants) through prepared statements, so a total is always
 * the sum of the matches it lists.
 */

/** The latest edition (current first, then by start) in which the person has a contest stat. */
const personEdition = statement(
  () =>
    `SELECT c."editionId" FROM "person_contest_stats" s JOIN "contests" c ON c."id" = s."contestId" ` +
    `JOIN "editions" e ON e."id" = c."editionId" WHERE s."personId" = ? ` +
    `ORDER BY e."current" DESC, e."startDate" DESC, e."id" DESC LIMIT 1`,
);

/** The latest edition (current first, then by start) in which the team plays a contest. */
const teamEdition = statement(
  () =>
    `SELECT c."editionId" FROM "contest_participants" p JOIN "contests" c ON c."id" = p."contestId" ` +
    `JOIN "editions" e ON e."id" = c."editionId" WHERE p."teamId" = ? ` +
    `ORDER BY e."current" DESC, e."startDate" DESC, e."id" DESC LIMIT 1`,
);

export async function defaultEdition(db: Db, of: "person" | "team", id: number): Promise<number | null> {
  const v = (await sqlRows(db, of === "person" ? personEdition : teamEdition, [id]))[0]?.[0];
  return v == null ? null : Number(v);
}

/** [contestId, kickoffAt (ISO), teamId, stat, value, teamName], by kickoff, contest, stat. */
export type PersonMatchStatTuple = [number, string, number | null, string, number, string | null];

const personRows = statement(
  (d) =>
    `SELECT s."contestId", ${d.iso('c."kickoffAt"')}, s."teamId", s."stat", s."value", t."name" FROM "person_contest_stats" s ` +
    `JOIN "contests" c ON c."id" = s."contestId" LEFT JOIN "teams" t ON t."id" = s."teamId" WHERE s."personId" = ? AND c."editionId" = ? ` +
    `ORDER BY c."kickoffAt", c."id", s."stat"`,
);

export async function personMatchStats(
  db: Db,
  personId: number,
  editionId: number,
): Promise<PersonMatchStatTuple[]> {
  const rows = await sqlRows(db, personRows, [personId, editionId]);
  const d = dialect(db);
  for (const r of rows) r[1] = d.isoValue(r[1]);
  return rows as unknown as PersonMatchStatTuple[];
}

/**
 * A finished contest of a team: [contestId, kickoffAt (ISO), side, goalsFor, opponentId,
 * goalsAgainst, outcome, shots, shotsOnTarget, corners, fouls, yellowCards, redCards, opponentName].
 */
export type TeamMatchTuple = [
  number,
  string,
  string,
  number | null,
  number | null,
  number | null,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
];

// The edition's contests first, off the (editionId, kickoffAt) index and already in kickoff order,
// then the team's row by (teamId, contestId): from the team's rows first, England's 1,088
// internationals were each joined before the edition filter (1.0 ms for a 2-match edition; this
// order 0.03 ms). CROSS JOIN fixes that order in SQLite; PostgreSQL plans it as an inner join.
const teamRows = statement(
  (d) =>
    `SELECT c."id", ${d.iso('c."kickoffAt"')}, p."side", p."score", o."teamId", o."score", p."outcome", ` +
    `s."shots", s."shotsOnTarget", s."corners", s."fouls", s."yellowCards", s."redCards", ot."name" ` +
    `FROM "contests" c CROSS JOIN "contest_participants" p CROSS JOIN "contest_participants" o ` +
    `LEFT JOIN "teams" ot ON ot."id" = o."teamId" ` +
    `LEFT JOIN "team_contest_stats" s ON s."contestId" = c."id" AND s."teamId" = p."teamId" ` +
    `WHERE c."editionId" = ? AND c."status" = 'finished' AND p."contestId" = c."id" AND p."teamId" = ? ` +
    `AND o."contestId" = c."id" AND o."side" <> p."side" ORDER BY c."kickoffAt", c."id"`,
);

export async function teamMatches(db: Db, teamId: number, editionId: number): Promise<TeamMatchTuple[]> {
  const rows = await sqlRows(db, teamRows, [editionId, teamId]);
  const d = dialect(db);
  for (const r of rows) r[1] = d.isoValue(r[1]);
  return rows as unknown as TeamMatchTuple[];
}

/**
 * A contest between two teams, from the first team's side: [contestId, competitionId, editionId,
 * kickoffAt (ISO), status, side, goalsFor, goalsAgainst, outcome], newest first.
 */
export type MeetingTuple = [
  number,
  number,
  number,
  string,
  string,
  string,
  number | null,
  number | null,
  string | null,
];

// The team's (teamId, contestId) index entries, each probed for the opponent's entry in the same
// contest, before any contest row is read: joined in the written order without CROSS JOIN, SQLite
// read the contest and edition of each of England's 1,088 internationals to keep Scotland's 118
// (2.3 ms; this order 0.4 ms). PostgreSQL plans CROSS JOIN with WHERE as inner joins.
const meetingRows = statement(
  (d) =>
    `SELECT c."id", e."competitionId", c."editionId", ${d.iso('c."kickoffAt"')}, c."status", p."side", p."score", o."score", p."outcome" ` +
    `FROM "contest_participants" p CROSS JOIN "contest_participants" o CROSS JOIN "contests" c CROSS JOIN "editions" e ` +
    `WHERE p."teamId" = ? AND o."teamId" = ? AND o."contestId" = p."contestId" AND o."side" <> p."side" ` +
    `AND c."id" = p."contestId" AND e."id" = c."editionId" ORDER BY c."kickoffAt" DESC, c."id" DESC`,
);

export async function meetings(db: Db, teamId: number, opponentId: number): Promise<MeetingTuple[]> {
  const rows = await sqlRows(db, meetingRows, [teamId, opponentId]);
  const d = dialect(db);
  for (const r of rows) r[3] = d.isoValue(r[3]);
  return rows as unknown as MeetingTuple[];
}
