/**
 * Closing-line value (docs/odds-analytics.md): `odds × p_close − 1`, where p_close is the no-vig
 * closing probability of the sharpest closing line available: Pinnacle's where it has a complete
 * closing book for the market, otherwise the consensus of every book's closing no-vig
 * probabilities. Positive means the price beat the close.
 */
import { clv, noVig, type NoVigMethod } from "./math";
import { consensusOf, type MarketView } from "./markets";

export const SHARP_BOOK = "pinnacle";

export interface ClvInput {
  market: string;
  line: number | null;
  selection: string;
  method: NoVigMethod;
  /** A price of your own; else `bookmaker`'s early price is taken. */
  odds?: number;
  bookmaker?: string;
}

export interface ClvAnswer {
  market: string;
  line: number | null;
  selection: string;
  odds: number;
  /** Whose price: the bookmaker's early one, or null for a price passed as `odds`. */
  bookmaker: string | null;
  reference: "pinnacle" | "consensus";
  /** Books behind the reference probability (1 for Pinnacle). */
  reference_bookmakers: number;
  method: NoVigMethod;
  p_close: number;
  fair_odds: number;
  clv: number;
}

/** A refusal the endpoint turns into an error: which parameter, and why. */
export type ClvRefusal = { parameter: string; message: string };

/** The view of `market` at `line` that has closing prices (any line when only one has). */
export function pickMarket(views: MarketView[], market: string, line: number | null | undefined) {
  const candidates = views.filter(
    (v) => v.market === market && (line === undefined || v.line === line) && v.consensus.closing,
  );
  return candidates.length === 1
    ? candidates[0]
    : (candidates.find((v) => v.line === (line ?? null)) ?? null);
}

export function closingLineValue(views: MarketView[], q: ClvInput): ClvAnswer | ClvRefusal {
  const view = pickMarket(views, q.market, q.line ?? undefined);
  if (!view)
    return {
      parameter: "market",
      message: `has no closing prices for ${q.market}${q.line === null ? "" : ` at line ${q.line}`} in this contest`,
    };
  const i = view.outcomes.indexOf(q.selection);
  if (i < 0) return { parameter: "selection", message: `must be one of ${view.outcomes.join(", ")}` };
  let odds = q.odds;
  if (odds === undefined) {
    const book = view.bookmakers.find((b) => b.bookmaker === q.bookmaker);
    odds = book?.early?.prices[q.selection];
    if (odds === undefined)
      return { parameter: "bookmaker", message: `has no early ${q.selection} price in this market` };
  }
  const sharp = view.bookmakers.find((b) => b.bookmaker === SHARP_BOOK)?.closing;
  const sharpOdds = sharp && view.outcomes.map((o) => sharp.prices[o]);
  const sharpP = sharpOdds && !sharpOdds.includes(undefined as never) ? noVig(q.method, sharpOdds) : null;
  const consensus = sharpP ? null : consensusOf(view, "closing", q.method);
  const p = sharpP ? sharpP.probabilities[i] : consensus!.probabilities[q.selection];
  return {
    market: view.market,
    line: view.line,
    selection: q.selection,
    odds,
    bookmaker: q.odds === undefined ? q.bookmaker! : null,
    reference: sharpP ? "pinnacle" : "consensus",
    reference_bookmakers: sharpP ? 1 : consensus!.bookmakers,
    method: q.method,
    p_close: p,
    fair_odds: 1 / p,
    clv: clv(odds, p),
  };
}
