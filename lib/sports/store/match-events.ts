/** Match events' SQL: a source's events of one contest, written by lib/sports/match-events.ts. */
import type { DbOrTx } from "../../platform/db/client";
import type { Prisma } from "../../generated/sqlite/client";

export type MatchEventRow = Awaited<ReturnType<typeof listSourceEvents>>[number];

export function listSourceEvents(db: DbOrTx, contestId: number, source: string) {
  return db.matchEvent.findMany({ where: { contestId, source } });
}

export function createMatchEvent(db: DbOrTx, data: Prisma.MatchEventUncheckedCreateInput) {
  return db.matchEvent.create({ data });
}

export function updateMatchEvent(db: DbOrTx, id: number, data: Prisma.MatchEventUncheckedUpdateInput) {
  return db.matchEvent.update({ where: { id }, data });
}

/** The events with these ids, in id order. */
export function matchEventsById(db: DbOrTx, ids: number[]) {
  return db.matchEvent.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
}

/** A source's current events of a contest in match order (tombstones left out). */
export function liveSourceEvents(db: DbOrTx, contestId: number, source: string) {
  return db.matchEvent.findMany({
    where: { contestId, source, deletedAt: null },
    orderBy: { sequence: "asc" },
  });
}

/** A contest's current goals of every source (tombstones left out): its scorers' goal stats. */
export function liveGoals(db: DbOrTx, contestId: number) {
  return db.matchEvent.findMany({
    where: { contestId, type: "goal", deletedAt: null, personId: { not: null } },
    select: { personId: true, teamId: true, ownGoal: true },
  });
}

/** An event by the source's own id. */
export function eventByExternalId(db: DbOrTx, source: string, externalId: string) {
  return db.matchEvent.findUnique({
    where: { source_externalId: { source, externalId } },
    select: { id: true, revision: true, contestId: true },
  });
}
