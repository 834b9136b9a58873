/**
 * odds.moved (docs/events.md): an ingested price that moves its outcome's implied probability
 * (1/odds) by at least ODDS_MOVED_MIN_PP percentage points from the outcome's previous price
 * (same contest, bookmaker, market, selection and line) is a move; each contest whose book moved
 * gets one odds.moved change per batch, its magnitude the largest move, which readers compare with
 * their threshold. No database here: both write paths (the SQLite writer thread, the PostgreSQL
 * path) pass the previous prices in and apply the returned ones after their commit.
 */
import type { ChangeInput } from "../events/types";
import { INLINE_POINTS, type OddsBook } from "../importers/odds-plan";

/** An outcome's latest known price and when it was observed (epoch ms). */
export type LastPrice = { price: number; at: number };
type Outcome = { bookmaker: string; market: string; selection: string; line: number | null };
export const outcomeKey = (o: Outcome) => `${o.bookmaker}|${o.market}|${o.selection}|${o.line ?? ""}`;

/** Percentage points, rounded to 1e-9 so a move of exactly the threshold is not lost to 1/x. */
const pp = (from: number, to: number) => Math.round((1 / to - 1 / from) * 100 * 1e9) / 1e9;

export interface MovesResult {
  change: ChangeInput | null;
  /** The outcomes' new latest prices (only those the batch advanced). */
  latest: Map<string, LastPrice>;
}

/**
 * The book's moves against `last` (the outcome's latest stored price), walking the batch's points
 * in order: a point observed before the outcome's latest price is history filled in, not a move.
 */
export function oddsMoves(
  competitionId: number,
  book: OddsBook,
  last: ReadonlyMap<string, LastPrice>,
  minPp: number,
): MovesResult {
  const latest = new Map<string, LastPrice>();
  const moves: Array<Record<string, unknown>> = [];
  let magnitude = 0;
  for (const o of book.odds) {
    const key = outcomeKey(o);
    const at = o.observedAt.getTime();
    const before = latest.get(key) ?? last.get(key);
    if (before && at < before.at) continue;
    latest.set(key, { price: o.price, at });
    if (!before || before.price === o.price) continue;
    const change = pp(before.price, o.price);
    if (Math.abs(change) < minPp) continue;
    magnitude = Math.max(magnitude, Math.abs(change));
    moves.push({
      person_id: o.personId == null ? null : String(o.personId),
      bookmaker: o.bookmaker,
      market: o.market,
      selection: o.selection,
      line: o.line,
      from_price: before.price,
      price: o.price,
      from_observed_at: new Date(before.at).toISOString(),
      observed_at: o.observedAt.toISOString(),
      implied_probability: 1 / o.price,
      change_pp: change,
    });
  }
  if (!moves.length) return { change: null, latest };
  moves.sort((a, b) => Math.abs(b.change_pp as number) - Math.abs(a.change_pp as number));
  return {
    latest,
    change: {
      type: "odds.moved",
      resourceId: book.contestId,
      competitionId,
      contestId: book.contestId,
      magnitude,
      data: {
        contest_id: String(book.contestId),
        magnitude_pp: magnitude,
        count: moves.length,
        moves: moves.slice(0, INLINE_POINTS),
      },
    },
  };
}
