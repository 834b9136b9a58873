/** Per-person contest statistics' SQL (goals from match details, tennis wins). */
import type { DbOrTx } from "../../platform/db/client";
import type { Prisma } from "../../generated/sqlite/client";

/** The contests' rows of these stats (callers pass at most 500 contest ids at a time). */
export function personContestStats(db: DbOrTx, contestIds: number[], stats: string[]) {
  return db.personContestStat.findMany({ where: { contestId: { in: contestIds }, stat: { in: stats } } });
}

export function deletePersonContestStat(db: DbOrTx, id: number) {
  return db.personContestStat.delete({ where: { id } });
}

export function updatePersonContestStat(
  db: DbOrTx,
  id: number,
  data: { value: number; teamId?: number | null },
) {
  return db.personContestStat.update({ where: { id }, data });
}

export async function createPersonContestStats(
  db: DbOrTx,
  rows: Prisma.PersonContestStatCreateManyInput[],
): Promise<void> {
  await db.personContestStat.createMany({ data: rows });
}
