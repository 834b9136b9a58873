/**
 * Reading the change feed (GET /v1/changes, the live stream, webhook fan-out) and pruning it.
 *   CHANGES_RETENTION_DAYS=7   changes older than this are deleted; a cursor issued longer ago than
 *                              this is answered 410 CURSOR_EXPIRED
 */
import type { Db } from "../platform/db/client";
import { logError, logInfo } from "../platform/log";
import { perProcess } from "../platform/process-state";
import { changePageRows, deleteChangesBefore } from "./store";
import type { ChangeEvent, ChangeResource, ChangeType } from "./types";
import { envNum } from "../platform/config";

export const changesConfig = {
  retentionDays: envNum("CHANGES_RETENTION_DAYS"),
};
export const retentionMs = () => changesConfig.retentionDays * 86_400_000;

export interface FeedFilter {
  types?: ChangeType[];
  competitionId?: number;
  contestId?: number;
  /**
   * The account whose replays (lib/replay) the reader also sees. Without it, only real changes:
   * a replay's changes are that account's alone (GET /v1/changes never shows them).
   */
  accountId?: string;
  /**
   * odds.moved only when its largest move reaches this many percentage points (the reader's
   * threshold: ODDS_MOVED_DEFAULT_PP unless the stream, page or webhook endpoint sets one).
   */
  oddsThresholdPp?: number;
}

/**
 * A change as a row: [id, type, resource, resourceId, competitionId, contestId, at (ISO-8601 UTC),
 * data (JSON text), replayId].
 */
export type ChangeTuple = [
  number,
  string,
  string,
  number | null,
  number | null,
  number | null,
  string,
  string,
  string | null,
];

export const toEvent = (r: ChangeTuple): ChangeEvent => ({
  id: String(r[0]),
  type: r[1] as ChangeType,
  resource: r[2] as ChangeResource,
  resource_id: r[3] == null ? null : String(r[3]),
  competition_id: r[4] == null ? null : String(r[4]),
  contest_id: r[5] == null ? null : String(r[5]),
  at: r[6],
  data: JSON.parse(r[7]) as Record<string, unknown>,
  ...(r[8] ? { replay: { id: r[8] } } : {}),
});

/**
 * Up to `limit` changes after `after` (exclusive) that match the filter, in id (= commit) order.
 * `position` is where the next read continues: the last item, or the head when the page reached
 * it, so a filtered reader moves past changes it does not want.
 */
/**
 * A page of changes as rows, `data` still the stored JSON text: /v1/changes splices it into the
 * body as it is (parsing and re-stringifying ~2.6 KB per change was 40% of that endpoint's CPU,
 * bench/attribute.ts); the stream and webhooks take readChanges' parsed events.
 */
export async function readChangeRows(db: Db, after: number, filter: FeedFilter, limit: number) {
  const rows = await changePageRows(db, after, filter, limit + 1);
  const head = rows.length ? Number(rows[0][0]) : 0;
  const items: ChangeTuple[] = [];
  for (const r of rows) {
    if (r[1] === null || items.length === limit) continue;
    items.push(r.slice(1) as ChangeTuple);
  }
  const hasMore = rows.length > limit && rows[limit][1] !== null;
  const position = hasMore ? Number(items[items.length - 1][0]) : Math.max(head, after);
  return { items, position, hasMore };
}

export async function readChanges(db: Db, after: number, filter: FeedFilter, limit: number) {
  const page = await readChangeRows(db, after, filter, limit);
  return { ...page, items: page.items.map(toEvent) };
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
  deleteChangesBefore(db, before)
    .then((n) => n > 0 && logInfo("change feed pruned", { deleted: n, before: before.toISOString() }))
    .catch((err) => logError("change feed prune failed; retried later", err))
    .finally(() => (s.running = false));
}
