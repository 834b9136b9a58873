/** Competitions' and editions' SQL for the writers of sports data (importers, corrections). */
import type { DbOrTx } from "../../platform/db/client";
import type { Prisma } from "../../generated/sqlite/client";

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
