/** Competitions' SQL: the writers' (importers, corrections) and the /v1 reads' (rows as tuples). */
import type { Prisma } from "../../generated/sqlite/client";
import type { Db, DbOrTx } from "../../platform/db/client";
import { c, columns, type RowOf } from "../../platform/db/columns";
import { sqlRows, statement, type Dialect, type SqlRow } from "../../platform/db/sql";
import { competitionCoverage } from "./coverage";

/** A competition by its slug or code (codes are stored lower-case). */
export function competitionBySlugOrCode(db: DbOrTx, wanted: string) {
  return db.competition.findFirst({ where: { OR: [{ slug: wanted }, { code: wanted.toLowerCase() }] } });
}

export function competitionByCode(db: DbOrTx, code: string) {
  return db.competition.findUnique({ where: { code } });
}

export function competitionBySlug(db: DbOrTx, slug: string) {
  return db.competition.findUnique({ where: { slug } });
}

/** Every competition, in id order. */
export function listCompetitions(db: DbOrTx) {
  return db.competition.findMany({ orderBy: { id: "asc" } });
}

export function createCompetition(db: DbOrTx, data: Prisma.CompetitionCreateInput) {
  return db.competition.create({ data });
}

export function updateCompetition(db: DbOrTx, id: number, data: Prisma.CompetitionUpdateInput) {
  return db.competition.update({ where: { id }, data });
}

export function editionByName(db: DbOrTx, competitionId: number, name: string) {
  return db.edition.findUnique({ where: { competitionId_name: { competitionId, name } } });
}

export async function editionNames(db: DbOrTx, competitionId: number): Promise<string[]> {
  const rows = await db.edition.findMany({ where: { competitionId }, select: { name: true } });
  return rows.map((e) => e.name);
}

/** The competition an edition belongs to; throws when there is no such edition. */
export async function competitionIdOf(db: DbOrTx, editionId: number): Promise<number> {
  const e = await db.edition.findUniqueOrThrow({ where: { id: editionId }, select: { competitionId: true } });
  return e.competitionId;
}

export function createEdition(db: DbOrTx, data: Prisma.EditionUncheckedCreateInput) {
  return db.edition.create({ data });
}

export function setEditionDates(db: DbOrTx, id: number, startDate: Date, endDate: Date) {
  return db.edition.update({ where: { id }, data: { startDate, endDate } });
}

/** An edition by id; throws when there is none. */
export function editionById(db: DbOrTx, id: number) {
  return db.edition.findUniqueOrThrow({ where: { id } });
}

/**
 * A competition, then the six coverage flags of lib/sports/store/coverage.ts over all its editions. The
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
export async function listCompetitionRows(db: Db, sport?: string): Promise<CompetitionTuple[]> {
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
