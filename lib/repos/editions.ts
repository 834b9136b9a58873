import type { Db } from "../db";

const editionSelect = {
  id: true,
  competitionId: true,
  name: true,
  startDate: true,
  endDate: true,
  current: true,
} as const;

export function listEditions(db: Db, filter: { competitionId?: number; current?: boolean }) {
  return db.edition.findMany({
    where: { competitionId: filter.competitionId, current: filter.current },
    select: editionSelect,
    orderBy: [{ competitionId: "asc" }, { startDate: "asc" }, { id: "asc" }],
  });
}

export function getEdition(db: Db, id: number) {
  return db.edition.findUnique({ where: { id }, select: editionSelect });
}

export type EditionRow = NonNullable<Awaited<ReturnType<typeof getEdition>>>;

export async function editionExists(db: Db, id: number): Promise<boolean> {
  return (await db.edition.count({ where: { id } })) > 0;
}
