/** Sandbox replays' SQL: the replays table, and the finished contest a replay plays back. */
import type { Db, DbOrTx } from "../platform/db/client";
import type { Prisma } from "../generated/sqlite/client";

export type ReplayRow = NonNullable<Awaited<ReturnType<typeof findReplay>>>;

/** A contest with everything a replay emits: sides, live events in order, team statistics. */
export function replayContest(db: DbOrTx, contestId: number) {
  return db.contest.findUnique({
    where: { id: contestId },
    include: {
      participants: {
        include: { team: { select: { name: true } }, person: { select: { name: true } } },
      },
      edition: { select: { competitionId: true } },
      events: { where: { deletedAt: null }, orderBy: { sequence: "asc" } },
      teamStats: { orderBy: { teamId: "asc" } },
    },
  });
}

export function findReplay(db: Db, id: string) {
  return db.replay.findUnique({ where: { id } });
}

export async function replayStatus(db: Db, id: string): Promise<string | null> {
  return (await db.replay.findUnique({ where: { id }, select: { status: true } }))?.status ?? null;
}

/** An account's latest replays, newest first. */
export function listAccountReplays(db: Db, accountId: string, take: number) {
  return db.replay.findMany({
    where: { accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
  });
}

/**
 * A no-op UPDATE of the account row: inside a transaction it holds the row's lock (PostgreSQL) or
 * the write lock (SQLite) until commit, so a count that follows is not raced by another instance.
 */
export async function lockAccountRow(tx: DbOrTx, accountId: string): Promise<void> {
  await tx.$executeRaw`UPDATE "accounts" SET "plan" = "plan" WHERE "id" = ${accountId}`;
}

/** The account's running replays whose end is after `endsAfter`. */
export function countRunningReplays(tx: DbOrTx, accountId: string, endsAfter: Date) {
  return tx.replay.count({ where: { accountId, status: "running", endsAt: { gt: endsAfter } } });
}

export function createReplay(tx: DbOrTx, data: Prisma.ReplayUncheckedCreateInput) {
  return tx.replay.create({ data });
}

export async function addEmitted(tx: DbOrTx, id: string, n: number): Promise<void> {
  await tx.replay.update({ where: { id }, data: { emitted: { increment: n } } });
}

/** Ends those of these replays that still run; returns how many did. */
export async function endRunningReplays(
  db: Db,
  ids: string[],
  status: "finished" | "interrupted" | "cancelled",
): Promise<number> {
  const { count } = await db.replay.updateMany({
    where: { id: { in: ids }, status: "running" },
    data: { status, endedAt: new Date() },
  });
  return count;
}

/** A contest's odds points oldest first, for the early-to-closing moves a replay reports. */
export function replayOdds(db: DbOrTx, contestId: number) {
  return db.oddsPoint.findMany({
    where: { contestId },
    orderBy: [{ observedAt: "asc" }, { id: "asc" }],
    select: {
      bookmaker: true,
      market: true,
      selection: true,
      line: true,
      price: true,
      observedAt: true,
      isClosing: true,
    },
  });
}
