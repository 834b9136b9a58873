/**
 * Reading the change feed (GET /v1/changes, the live stream, webhook fan-out) and pruning it.
 *   CHANGES_RETENTION_DAYS=7   changes older than this are deleted; a cursor issued longer ago than
 *                              this is answered 410 CURSOR_EXPIRED
 */
import type { Db } from "../db/client";
import { logError, logInfo } from "../log";
import { perProcess } from "../process-state";
import type { ChangeEvent, ChangeResource, ChangeType } from "./types";

export const changesConfig = {
  retentionDays: Math.max(0.00001, Number(process.env.CHANGES_RETENTION_DAYS ?? 7) || 7),
};
export const retentionMs = () => changesConfig.retentionDays * 86_400_000;

const PRUNED_KEY = "changes_pruned_through";

export interface FeedFilter {
  types?: ChangeType[];
  competitionId?: number;
  contestId?: number;
}

type ChangeRow = Awaited<ReturnType<Db["change"]["findMany"]>>[number];

export const toEvent = (r: ChangeRow): ChangeEvent => ({
  id: String(r.id),
  type: r.type as ChangeType,
  resource: r.resource as ChangeResource,
  resource_id: r.resourceId == null ? null : String(r.resourceId),
  competition_id: r.competitionId == null ? null : String(r.competitionId),
  contest_id: r.contestId == null ? null : String(r.contestId),
  at: r.at.toISOString(),
  data: JSON.parse(r.data) as Record<string, unknown>,
});

/** The last committed change id: every id at or below it is visible (see recordChanges). */
export async function headId(db: Db): Promise<number> {
  return (await db.changeSequence.findUnique({ where: { id: 1 } }))?.value ?? 0;
}

/** Highest id pruned so far: a position below it has lost changes. */
export async function prunedThrough(db: Db): Promise<number> {
  const row = await db.systemState.findUnique({ where: { key: PRUNED_KEY } });
  return row ? Number(row.value) : 0;
}

/**
 * Up to `limit` changes after `after` (exclusive) that match the filter, in id (= commit) order.
 * `position` is where the next read continues: the last item, or the head when the page reached
 * it, so a filtered reader moves past changes it does not want.
 */
export async function readChanges(db: Db, after: number, filter: FeedFilter, limit: number) {
  const head = await headId(db);
  const rows = await db.change.findMany({
    where: {
      id: { gt: after, lte: head },
      ...(filter.types ? { type: { in: filter.types } } : {}),
      ...(filter.competitionId ? { competitionId: filter.competitionId } : {}),
      ...(filter.contestId ? { contestId: filter.contestId } : {}),
    },
    orderBy: { id: "asc" },
    take: limit + 1,
  });
  const hasMore = rows.length > limit;
  const items = rows.slice(0, limit);
  const position = hasMore ? items[items.length - 1].id : Math.max(head, after);
  return { items: items.map(toEvent), position, hasMore };
}

/** Deletes changes older than the retention; records the highest id deleted. */
export async function pruneChanges(db: Db, before: Date): Promise<number> {
  const last = await db.change.findFirst({
    where: { at: { lt: before } },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  if (!last) return 0;
  return db.$transaction(async (tx) => {
    const { count } = await tx.change.deleteMany({ where: { id: { lte: last.id } } });
    await tx.systemState.upsert({
      where: { key: PRUNED_KEY },
      create: { key: PRUNED_KEY, value: String(last.id) },
      update: { value: String(last.id) },
    });
    return count;
  });
}

const pruneState = perProcess("changesPrune", () => ({ running: false, last: 0 }));
const PRUNE_EVERY_MS = 10 * 60_000;

/** At most every 10 minutes, in the background: readers never wait for it. */
export function maybePruneChanges(db: Db, now = Date.now()): void {
  const s = pruneState;
  if (s.running || now - s.last < PRUNE_EVERY_MS) return;
  s.running = true;
  s.last = now;
  const before = new Date(now - retentionMs());
  pruneChanges(db, before)
    .then((n) => n > 0 && logInfo("change feed pruned", { deleted: n, before: before.toISOString() }))
    .catch((err) => logError("change feed prune failed; retried later", err))
    .finally(() => (s.running = false));
}
