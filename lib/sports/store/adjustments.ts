/** Point adjustments' SQL. */
import type { DbOrTx } from "../../platform/db/client";

/** The teams that play a contest of the edition. */
export function editionTeams(db: DbOrTx, editionId: number) {
  return db.team.findMany({
    where: { participants: { some: { contest: { editionId } } } },
    select: { id: true, name: true, country: true },
  });
}

/** One adjustment: a team's points in an edition for one reason. */
export interface AdjustmentKey {
  editionId: number;
  teamId: number;
  reason: string;
}

export function findAdjustment(db: DbOrTx, key: AdjustmentKey) {
  return db.pointAdjustment.findUnique({ where: { editionId_teamId_reason: key } });
}

export function deleteAdjustment(db: DbOrTx, key: AdjustmentKey) {
  return db.pointAdjustment.delete({ where: { editionId_teamId_reason: key } });
}

export function createAdjustment(db: DbOrTx, key: AdjustmentKey, points: number, createdBy: string) {
  return db.pointAdjustment.create({ data: { ...key, points, createdBy } });
}

export function updateAdjustment(db: DbOrTx, key: AdjustmentKey, points: number, createdBy: string) {
  return db.pointAdjustment.update({ where: { editionId_teamId_reason: key }, data: { points, createdBy } });
}

/** A team's adjustments in an edition added up (0 when it has none). */
export async function adjustmentTotal(db: DbOrTx, editionId: number, teamId: number): Promise<number> {
  const sum = await db.pointAdjustment.aggregate({ where: { editionId, teamId }, _sum: { points: true } });
  return sum._sum.points ?? 0;
}
