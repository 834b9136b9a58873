/** The standings' SQL: what an edition's table is computed from, and its Standing rows. */
import type { DbOrTx } from "../../platform/db/client";
import type { Prisma } from "../../generated/sqlite/client";

/** The edition's name, competition and point adjustments (in the order they were made). */
export function editionForTable(db: DbOrTx, editionId: number) {
  return db.edition.findUnique({
    where: { id: editionId },
    select: {
      name: true,
      competition: { select: { id: true, country: true, code: true } },
      adjustments: { select: { teamId: true, points: true, reason: true }, orderBy: { id: "asc" } },
    },
  });
}

/** Every contest of the edition with its sides' teams and scores. */
export function editionResults(db: DbOrTx, editionId: number) {
  return db.contest.findMany({
    where: { editionId },
    select: {
      stage: true,
      status: true,
      kickoffAt: true,
      participants: { select: { side: true, teamId: true, score: true } },
    },
  });
}

/** The names of these teams. */
export function teamNames(db: DbOrTx, ids: number[]) {
  return db.team.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
}

export function listStandings(db: DbOrTx, editionId: number) {
  return db.standing.findMany({ where: { editionId } });
}

export function updateStanding(db: DbOrTx, id: number, data: Prisma.StandingUncheckedUpdateInput) {
  return db.standing.update({ where: { id }, data });
}

export async function writeStandingChanges(
  db: DbOrTx,
  create: Prisma.StandingCreateManyInput[],
  deleteIds: number[],
): Promise<void> {
  if (create.length) await db.standing.createMany({ data: create });
  if (deleteIds.length) await db.standing.deleteMany({ where: { id: { in: deleteIds } } });
}
