import type { Db } from "../platform/db";
import { dialect, sqlRows, statement, type Statement } from "../platform/db/sql";

/**
 * A team's all-time record from its finished contests (computed on read, like head-to-head): per
 * competition and outcome, and per name the team played under. The team's contests come from its
 * (teamId, contestId) index entries, in the written join order (CROSS JOIN: SQLite keeps it,
 * PostgreSQL plans it as inner joins); each statement exists with and without a competition.
 */

/** [competitionId, competition name, outcome, played, goals for, goals against, first day, last day]. */
export type RecordTuple = [number, string, string, number, number | null, number | null, string, string];
/** [name at the time, played, first day, last day], first used first. */
export type NameTuple = [string, number, string, string];

const FINISHED =
  `p."teamId" = ? AND c."id" = p."contestId" AND c."status" = 'finished' AND p."outcome" IS NOT NULL ` +
  `AND c."kickoffAt" >= ? AND c."kickoffAt" < ? AND e."id" = c."editionId"`;

const byCompetition = (only: boolean) =>
  statement(
    (d) =>
      `SELECT e."competitionId", k."name", p."outcome", count(*), sum(p."score"), sum(o."score"), ` +
      `${d.day('min(c."kickoffAt")')}, ${d.day('max(c."kickoffAt")')} ` +
      `FROM "contest_participants" p CROSS JOIN "contests" c CROSS JOIN "editions" e CROSS JOIN "competitions" k ` +
      `CROSS JOIN "contest_participants" o WHERE ${FINISHED}${only ? ` AND e."competitionId" = ?` : ""} ` +
      `AND k."id" = e."competitionId" AND o."contestId" = p."contestId" AND o."side" <> p."side" ` +
      `GROUP BY e."competitionId", k."name", p."outcome" ORDER BY e."competitionId", p."outcome"`,
  );

const byName = (only: boolean) =>
  statement(
    (d) =>
      `SELECT COALESCE(p."teamName", t."name"), count(*), ${d.day('min(c."kickoffAt")')}, ${d.day('max(c."kickoffAt")')} ` +
      `FROM "contest_participants" p CROSS JOIN "contests" c CROSS JOIN "editions" e CROSS JOIN "teams" t ` +
      `WHERE ${FINISHED}${only ? ` AND e."competitionId" = ?` : ""} AND t."id" = p."teamId" ` +
      `GROUP BY COALESCE(p."teamName", t."name") ORDER BY min(c."kickoffAt")`,
  );

const STATEMENTS: Record<"all" | "one", [Statement, Statement]> = {
  all: [byCompetition(false), byName(false)],
  one: [byCompetition(true), byName(true)],
};

/** The team's record in [from, to), of one competition or of all. */
export async function teamRecord(
  db: Db,
  teamId: number,
  window: { from: Date; to: Date },
  competitionId?: number,
): Promise<{ competitions: RecordTuple[]; names: NameTuple[] }> {
  const { at } = dialect(db);
  const params = [teamId, at(window.from), at(window.to)];
  if (competitionId !== undefined) params.push(competitionId);
  const [competitions, names] = STATEMENTS[competitionId === undefined ? "all" : "one"];
  return {
    competitions: (await sqlRows(db, competitions, params)) as unknown as RecordTuple[],
    names: (await sqlRows(db, names, params)) as unknown as NameTuple[],
  };
}
