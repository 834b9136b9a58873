import type { Db } from "../db";
import { dialect, sqlRows, statement } from "../db/sql";

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

const teamRows = statement(
  (d) =>
    `SELECT c."id", ${d.iso('c."kickoffAt"')}, p."side", p."score", o."teamId", o."score", p."outcome", ` +
    `s."shots", s."shotsOnTarget", s."corners", s."fouls", s."yellowCards", s."redCards", ot."name" ` +
    `FROM "contest_participants" p JOIN "contests" c ON c."id" = p."contestId" ` +
    `JOIN "contest_participants" o ON o."contestId" = p."contestId" AND o."side" <> p."side" ` +
    `LEFT JOIN "teams" ot ON ot."id" = o."teamId" ` +
    `LEFT JOIN "team_contest_stats" s ON s."contestId" = c."id" AND s."teamId" = p."teamId" ` +
    `WHERE p."teamId" = ? AND c."editionId" = ? AND c."status" = 'finished' ORDER BY c."kickoffAt", c."id"`,
);

export async function teamMatches(db: Db, teamId: number, editionId: number): Promise<TeamMatchTuple[]> {
  const rows = await sqlRows(db, teamRows, [teamId, editionId]);
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

const meetingRows = statement(
  (d) =>
    `SELECT c."id", e."competitionId", c."editionId", ${d.iso('c."kickoffAt"')}, c."status", p."side", p."score", o."score", p."outcome" ` +
    `FROM "contest_participants" p JOIN "contest_participants" o ON o."contestId" = p."contestId" AND o."side" <> p."side" ` +
    `JOIN "contests" c ON c."id" = p."contestId" JOIN "editions" e ON e."id" = c."editionId" ` +
    `WHERE p."teamId" = ? AND o."teamId" = ? ORDER BY c."kickoffAt" DESC, c."id" DESC`,
);

export async function meetings(db: Db, teamId: number, opponentId: number): Promise<MeetingTuple[]> {
  const rows = await sqlRows(db, meetingRows, [teamId, opponentId]);
  const d = dialect(db);
  for (const r of rows) r[3] = d.isoValue(r[3]);
  return rows as unknown as MeetingTuple[];
}
