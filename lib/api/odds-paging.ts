import {
  oddsAfter,
  oddsInWindow,
  T,
  type OddsFilter,
  type OddsScope,
  type OddsTuple,
  type Position,
} from "../repos/odds";
import type { Db } from "../platform/db";
import { envInt } from "../platform/config";

export const INTERVALS = {
  raw: 0,
  "1m": 60_000,
  "5m": 300_000,
  "15m": 900_000,
  "1h": 3_600_000,
  "1d": 86_400_000,
} as const;
export type Interval = keyof typeof INTERVALS;

/** Rows examined per downsampled page at most; past it the page ends early with a cursor. */
export const MAX_SCAN = envInt("ODDS_MAX_SCAN");

export interface OddsPage {
  items: OddsTuple[];
  truncated: boolean;
  /** Position to resume after, when truncated. */
  last: Position | null;
}

const groupOf = (p: OddsTuple) => `${p[3]}|${p[4]}|${p[5]}|${p[6] ?? ""}`;
const bucketOf = (t: Date, ms: number) => Math.floor(t.getTime() / ms);
/** A row's place in newest-first order. */
export const positionOf = (p: OddsTuple): Position => ({ t: new Date(p[T]), id: Number(p[0]) });
/** a comes at or before b in newest-first order. */
const atOrBefore = (a: Position, b: Position) =>
  a.t > b.t || (a.t.getTime() === b.t.getTime() && a.id >= b.id);

/** One page of raw points: limit + 1 rows tell whether more exist. */
async function rawPage(
  db: Db,
  scope: OddsScope,
  f: OddsFilter,
  pos: Position | null,
  limit: number,
): Promise<OddsPage> {
  const rows = await oddsAfter(db, scope, f, pos, limit + 1);
  const truncated = rows.length > limit;
  const items = truncated ? rows.slice(0, limit) : rows;
  const tail = items[items.length - 1];
  return { items, truncated, last: truncated ? positionOf(tail) : null };
}

/**
 * Downsampled page: the newest point of each (bookmaker, market, selection, line) in each bucket.
 * Scanning newest first, a point is kept when its group has not been seen in its bucket yet.
 * Resuming mid-bucket, the groups already passed in the cursor's bucket are re-marked from the
 * rows between the cursor and the bucket's end, so paging never repeats or drops a kept point.
 */
async function sampledPage(
  db: Db,
  scope: OddsScope,
  f: OddsFilter,
  pos: Position | null,
  limit: number,
  ms: number,
): Promise<OddsPage> {
  const seen = new Set<string>();
  if (pos) {
    const b = bucketOf(pos.t, ms);
    // Only rows at or after the cursor's instant (up to the bucket's end) can precede it.
    for (const r of await oddsInWindow(db, scope, f, pos.t, new Date((b + 1) * ms))) {
      if (atOrBefore(positionOf(r), pos)) seen.add(`${groupOf(r)}#${b}`);
    }
  }
  const items: OddsTuple[] = [];
  const chunk = Math.min(Math.max(limit * 4, 500), MAX_SCAN);
  let cursor = pos;
  let scanned = 0;
  for (;;) {
    const rows = await oddsAfter(db, scope, f, cursor, chunk);
    for (const r of rows) {
      scanned++;
      const key = `${groupOf(r)}#${bucketOf(new Date(r[T]), ms)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (items.length === limit) {
        const tail = items[limit - 1];
        return { items, truncated: true, last: positionOf(tail) };
      }
      items.push(r);
    }
    if (rows.length < chunk) return { items, truncated: false, last: null };
    const tail = rows[rows.length - 1];
    cursor = positionOf(tail);
    // Scan budget spent: end the page here; the cursor resumes after the last row examined.
    if (scanned >= MAX_SCAN) return { items, truncated: true, last: cursor };
  }
}

export function oddsPage(
  db: Db,
  scope: OddsScope,
  f: OddsFilter,
  pos: Position | null,
  limit: number,
  interval: Interval,
): Promise<OddsPage> {
  const ms = INTERVALS[interval];
  return ms === 0 ? rawPage(db, scope, f, pos, limit) : sampledPage(db, scope, f, pos, limit, ms);
}
