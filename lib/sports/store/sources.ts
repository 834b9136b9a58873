/** contest_sources: which source describes which contest, with the facts it gives. */
import type { DbOrTx } from "../../platform/db/client";

/** Sets `source`'s facts for these contests (replacing what the source said before). */
export async function putSourceFacts(
  db: DbOrTx,
  source: string,
  rows: Array<{ key: string; contestId: number; seq: number; facts: string }>,
): Promise<void> {
  if (!rows.length) return;
  await db.contestSource.deleteMany({
    where: {
      source,
      OR: [{ key: { in: rows.map((r) => r.key) } }, { contestId: { in: rows.map((r) => r.contestId) } }],
    },
  });
  await db.contestSource.createMany({ data: rows.map((r) => ({ source, ...r })) });
}

/** The sources describing each of these contests. */
export function sourcesOf(db: DbOrTx, contestIds: number[]) {
  return db.contestSource.findMany({
    where: { contestId: { in: contestIds } },
    select: { contestId: true, source: true },
  });
}

/** Every contest more than one source describes, with every source's facts and the contest's names. */
export async function sharedContests(db: DbOrTx) {
  const shared = await db.contestSource.groupBy({
    by: ["contestId"],
    having: { contestId: { _count: { gt: 1 } } },
  });
  const ids = shared.map((s) => s.contestId);
  return db.contest.findMany({
    where: { id: { in: ids } },
    orderBy: { kickoffAt: "asc" },
    select: {
      id: true,
      kickoffAt: true,
      edition: { select: { name: true, competition: { select: { name: true } } } },
      participants: { select: { side: true, teamId: true, team: { select: { name: true } } } },
      sources: { select: { source: true, facts: true } },
    },
  });
}
