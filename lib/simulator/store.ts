/** What the simulator reads: scheduled contests and their latest prices. It writes nothing here. */
import type { Db } from "../platform/db/client";

/** The earliest scheduled contests with at least one side, oldest kick-off first. */
export function scheduledContests(db: Db, take: number, competitionId?: number) {
  return db.contest.findMany({
    where: {
      status: "scheduled",
      ...(competitionId ? { edition: { competitionId } } : {}),
      participants: { some: {} },
    },
    orderBy: [{ kickoffAt: "asc" }, { id: "asc" }],
    take,
    include: { participants: true, edition: { select: { competitionId: true } } },
  });
}

/** A contest's latest 300 match-winner prices, newest first. */
export function latestH2hPrices(db: Db, contestId: number) {
  return db.oddsPoint.findMany({
    where: { contestId, market: "h2h" },
    orderBy: [{ observedAt: "desc" }, { id: "desc" }],
    take: 300,
  });
}
