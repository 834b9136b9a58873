import type { Db } from "../platform/db";
import { c, columns, type RowOf } from "../platform/db/columns";
import { dialect, sqlRows, statement, type Dialect, type SqlParam } from "../platform/db/sql";

/**
 * A contest joined with one of its participants per row (a contest without participants is one
 * row whose participant columns are null). The name is the one the team had when the contest was
 * played (ContestParticipant.teamName), else its current one. Rows of one contest are adjacent,
 * "home" before "away".
 */
export const CONTEST = columns(
  c.int("id", 'c."id"'),
  c.int("competitionId", 'e."competitionId"'),
  c.int("editionId", 'c."editionId"'),
  c.text("round", 'c."round"'),
  c.text("stage", 'c."stage"'),
  c.text("status", 'c."status"'),
  c.iso("kickoffAt", 'c."kickoffAt"'),
  c.textOrNull("venue", 'c."venue"'),
  c.textOrNull("side", 'p."side"'),
  c.intOrNull("teamId", 'p."teamId"'),
  c.intOrNull("personId", 'p."personId"'),
  c.text("name", `COALESCE(p."teamName", t."name", pe."name", '')`),
  c.intOrNull("score", 'p."score"'),
  c.intOrNull("halftimeScore", 'p."halftimeScore"'),
  c.textOrNull("scoreDetail", 'p."scoreDetail"'),
  c.textOrNull("outcome", 'p."outcome"'),
  c.textOrNull("referee", 'c."referee"'),
  c.textOrNull("decidedBy", 'c."decidedBy"'),
  c.intOrNull("fullTimeScore", 'p."fullTimeScore"'),
  c.intOrNull("extraTimeScore", 'p."extraTimeScore"'),
  c.intOrNull("penaltyScore", 'p."penaltyScore"'),
  // A finished contest is in its "finished" period whether or not a feed reported the clock.
  c.textOrNull("period", `COALESCE(c."period", CASE WHEN c."status" = 'finished' THEN 'finished' END)`),
  c.intOrNull("minute", 'c."minute"'),
  c.textOrNull("city", 'c."city"'),
  c.textOrNull("country", 'c."country"'),
  c.boolOrNull("neutral", 'c."neutral"'),
  c.boolOrNull("goalList", 'c."goalList"'),
  c.textOrNull("firstShooter", 'c."firstShooter"'),
);
export type ContestTuple = RowOf<typeof CONTEST.cols>;

/**
 * Contests, their edition's competition and their participants' names in one statement. Through
 * Prisma the same read was a query per relation plus the mapping of every row into nested
 * objects: 8.8 ms of server CPU for an edition's 380 contests, 4.9 ms for one team's 38 (bench,
 * response cache off).
 */
const select = (d: Dialect) =>
  `SELECT ${CONTEST.list(d)} ` +
  `FROM "contests" c JOIN "editions" e ON e."id" = c."editionId" ` +
  `LEFT JOIN "contest_participants" p ON p."contestId" = c."id" ` +
  `LEFT JOIN "teams" t ON t."id" = p."teamId" LEFT JOIN "persons" pe ON pe."id" = p."personId"`;

export interface ContestFilter {
  editionId?: number;
  competitionId?: number;
  teamId?: number;
  personId?: number;
  status?: string;
  /** Inclusive start and exclusive end of the kickoff window. */
  from?: Date;
  to?: Date;
}

/**
 * The WHERE clause from fixed fragments (never from input text), so the few dozen shapes a filter
 * can take are each prepared once by lib/platform/db/sql.ts. A team's or person's contests are id sets off
 * the participants' (teamId) / (personId) indexes and the stats' (personId) index.
 */
function where(d: Dialect, f: ContestFilter, params: SqlParam[]): string {
  const parts: string[] = [];
  const add = (sql: string, ...values: SqlParam[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (f.editionId !== undefined) add(`c."editionId" = ?`, f.editionId);
  if (f.competitionId !== undefined) add(`e."competitionId" = ?`, f.competitionId);
  if (f.teamId !== undefined)
    add(`c."id" IN (SELECT "contestId" FROM "contest_participants" WHERE "teamId" = ?)`, f.teamId);
  // A person "appears" in a contest as a participant (individual sports) or with a recorded stat.
  if (f.personId !== undefined)
    add(
      `(c."id" IN (SELECT "contestId" FROM "contest_participants" WHERE "personId" = ?) ` +
        `OR c."id" IN (SELECT "contestId" FROM "person_contest_stats" WHERE "personId" = ?))`,
      f.personId,
      f.personId,
    );
  if (f.status !== undefined) add(`c."status" = ?`, f.status);
  if (f.from) add(`c."kickoffAt" >= ?`, d.at(f.from));
  if (f.to) add(`c."kickoffAt" < ?`, d.at(f.to));
  return parts.length ? ` WHERE ${parts.join(" AND ")}` : "";
}

/** Every contest of the filter, by kickoff then id, each followed by its participants. */
export async function listContests(db: Db, f: ContestFilter): Promise<ContestTuple[]> {
  const d = dialect(db);
  const params: SqlParam[] = [];
  const text = `${select(d)}${where(d, f, params)} ORDER BY c."kickoffAt", c."id", p."side" DESC`;
  return CONTEST.rows(d, await sqlRows(db, text, params));
}

const byId = statement((d) => `${select(d)} WHERE c."id" = ? ORDER BY p."side" DESC`);

/** One contest's rows (see ContestTuple), or null when there is no such contest. */
export async function getContest(db: Db, id: number): Promise<ContestTuple[] | null> {
  const rows = await sqlRows(db, byId, [id]);
  return rows.length ? CONTEST.rows(dialect(db), rows) : null;
}

const exists = statement(() => `SELECT 1 FROM "contests" WHERE "id" = ?`);

export async function contestExists(db: Db, id: number): Promise<boolean> {
  return (await sqlRows(db, exists, [id])).length > 0;
}
