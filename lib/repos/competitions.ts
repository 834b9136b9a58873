import type { Db } from "../platform/db";
import { sqlRows, statement, type Dialect, type SqlRow } from "../platform/db/sql";
import { competitionCoverageColumns } from "./coverage";

/**
 * A competition as a row: [id, slug, name, sport, kind, format, country, currentEditionId, demo, then the
 * six coverage flags of lib/repos/coverage.ts over all its editions]. The current edition (the
 * latest-starting edition flagged current, null if none) lets a client walk from a competition to
 * its fixtures in one hop; it is a scalar subquery of the same statement.
 */
export type CompetitionTuple = [
  number,
  string,
  string,
  string,
  string,
  string,
  string | null,
  number | null,
  boolean | number,
  ...Array<boolean | number>,
];

const select = (d: Dialect) =>
  `SELECT c."id", c."slug", c."name", c."sport", c."kind", c."format", c."country", ` +
  `(SELECT e."id" FROM "editions" e WHERE e."competitionId" = c."id" AND e."current" ` +
  `ORDER BY e."startDate" DESC, e."id" DESC LIMIT 1), c."demo", ` +
  competitionCoverageColumns(d.provider) +
  ` FROM "competitions" c`;

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
