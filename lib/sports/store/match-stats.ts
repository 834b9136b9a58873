/** Team match statistics' and lineups' SQL, written by lib/sports/match-stats.ts. */
import type { DbOrTx } from "../../platform/db/client";
import type { Prisma } from "../../generated/sqlite/client";

/** The team statistics of these contests (callers pass at most 500 ids at a time). */
export function teamStatsOf(db: DbOrTx, contestIds: number[]) {
  return db.teamContestStat.findMany({ where: { contestId: { in: contestIds } } });
}

/** One contest's team statistics, by team id. */
export function contestTeamStats(db: DbOrTx, contestId: number) {
  return db.teamContestStat.findMany({ where: { contestId }, orderBy: { teamId: "asc" } });
}

export function upsertTeamStats(
  db: DbOrTx,
  contestId: number,
  teamId: number,
  stats: Omit<Prisma.TeamContestStatUncheckedCreateInput, "contestId" | "teamId">,
) {
  return db.teamContestStat.upsert({
    where: { contestId_teamId: { contestId, teamId } },
    create: { contestId, teamId, ...stats },
    update: { ...stats },
  });
}

/** A contest's lineup in its order. */
export function lineupOf(db: DbOrTx, contestId: number) {
  return db.lineupEntry.findMany({ where: { contestId }, orderBy: { sequence: "asc" } });
}

/** Replaces a contest's lineup with `entries`. */
export async function replaceLineup(
  db: DbOrTx,
  contestId: number,
  entries: Array<Omit<Prisma.LineupEntryCreateManyInput, "contestId">>,
): Promise<void> {
  await db.lineupEntry.deleteMany({ where: { contestId } });
  await db.lineupEntry.createMany({ data: entries.map((e) => ({ ...e, contestId })) });
}
