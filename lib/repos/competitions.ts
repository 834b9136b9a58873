import type { Db } from "../db";
import { c, columns, type RowOf } from "../db/columns";
import { sqlRows, statement, type Dialect, type SqlRow } from "../db/sql";
import { competitionCoverage } from "./coverage";

/**
 * A competition, then the six coverage flags of lib/repos/coverage.ts over all its editions. The
 * current edition (the latest-starting edition flagged current, null if none) lets a client walk
 * from a competition to its fixtures in one hop; it is a scalar subquery of the same statement.
 */
export const COMPETITION = columns(
  c.int("id", 'c."id"'),
  c.text("slug", 'c."slug"'),
  c.text("name", 'c."name"'),
  c.text("sport", 'c."sport"'),
  c.text("kind", 'c."kind"'),
  c.text("format", 'c."format"'),
  c.textOrNull("country", 'c."country"'),
  c.intOrNull(
    "currentEditionId",
    `(SELECT e."id" FROM "editions" e WHERE e."competitionId" = c."id" AND e."current" ` +
      `ORDER BY e."startDate" DESC, e."id" DESC LIMIT 1)`,
  ),
  c.bool("demo", 'c."demo"'),
  ...competitionCoverage(),
);
export type CompetitionTuple = RowOf<typeof COMPETITION.cols>;

const select = (d: Dialect) => `SELECT ${COMPETITION.list(d)} FROM "competitions" c`;

const all = statement((d) => `${select(d)} ORDER BY c."demo", c."id"`);
const ofSport = statement((d) => `${select(d)} WHERE c."sport" = ? ORDER BY c."demo", c."id"`);

/** Every competition (of one sport): imported ones first, then the demo set, each by id. */
export async function listCompetitions(db: Db, sport?: string): Promise<CompetitionTuple[]> {
  const rows = sport === undefined ? await sqlRows(db, all, []) : await sqlRows(db, ofSport, [sport]);
  return rows as unknown as CompetitionTuple[];
}

const byId = statement((d) => `${select(d)} WHERE c."id" = ?`);

export async function getCompetition(db: Db, id: number): Promise<CompetitionTuple | null> {
  const rows: SqlRow[] = await sqlRows(db, byId, [id]);
  return (rows[0] as CompetitionTuple | undefined) ?? null;
}

/**
 * What a competition's "current edition" means everywhere (contests, standings): the edition
 * flagged current, else the one that started last. A scalar subquery taking the competition id.
 */
export const CURRENT_EDITION_OF =
  `(SELECT "id" FROM "editions" WHERE "competitionId" = ? ` +
  `ORDER BY "current" DESC, "startDate" DESC, "id" DESC LIMIT 1)`;

const current = statement(() => `SELECT ${CURRENT_EDITION_OF}`);

/** The current edition's id (see CURRENT_EDITION_OF); null for an unknown competition. */
export async function currentEditionId(db: Db, competitionId: number): Promise<number | null> {
  const id = (await sqlRows(db, current, [competitionId]))[0]?.[0];
  return id == null ? null : Number(id);
}

const bySlug = statement(() => `SELECT "id" FROM "competitions" WHERE "slug" = ? OR "code" = ?`);

/** A competition's id from its slug ("world-cup") or league code ("en.1"); null when none has it. */
export async function competitionIdByKey(db: Db, key: string): Promise<number | null> {
  const rows = await sqlRows(db, bySlug, [key, key]);
  return rows.length ? Number(rows[0][0]) : null;
}

const exists = statement(() => `SELECT 1 FROM "competitions" WHERE "id" = ?`);

export async function competitionExists(db: Db, id: number): Promise<boolean> {
  return (await sqlRows(db, exists, [id])).length > 0;
}
