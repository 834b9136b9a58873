/**
 * A contest's odds as market views (docs/odds-analytics.md): per market and line, each
 * bookmaker's early and closing snapshot with its margin and no-vig probabilities, the move from
 * early to closing, the consensus and the best price per outcome. The files' own aggregates
 * (`market_max`, `market_avg`) are kept apart, as published. Pure: rows in, views out.
 */
import type { BookPoint } from "../sports/store/odds-books";
import { margin, meanVector, noVig, NO_VIG_METHODS, type NoVigMethod } from "./math";

/** Outcome order within a market. */
const ORDER = ["home", "draw", "away", "over", "under"];
/** Columns of the source files that aggregate other books: shown as published, never counted as a book. */
export const PUBLISHED = new Set(["market_max", "market_avg"]);

type BySelection<T> = Record<string, T>;
export interface Snapshot {
  observed_at: string;
  prices: BySelection<number>;
  margin: number | null;
  no_vig: {
    multiplicative: { probabilities: BySelection<number> };
    power: { k: number; probabilities: BySelection<number> } | null;
    shin: { z: number; probabilities: BySelection<number> } | null;
  } | null;
}
export interface BookView {
  bookmaker: string;
  early: Snapshot | null;
  closing: Snapshot | null;
  movement: BySelection<{ odds: number; implied_probability: number }> | null;
}
export interface PublishedView {
  bookmaker: string;
  early: { prices: BySelection<number>; margin: number | null } | null;
  closing: { prices: BySelection<number>; margin: number | null } | null;
}
export type Best = BySelection<{ price: number; bookmaker: string }>;
export interface Consensus {
  probabilities: BySelection<number>;
  bookmakers: number;
}
export interface MarketView {
  market: string;
  line: number | null;
  outcomes: string[];
  bookmakers: BookView[];
  published: PublishedView[];
  consensus: { early: Consensus | null; closing: Consensus | null };
  best: { early: Best | null; closing: Best | null };
}

export type Phase = "early" | "closing";

/** The line a market is known by: the home side's handicap, the total; null for h2h. */
export const marketLine = (p: Pick<BookPoint, "market" | "selection" | "line">) =>
  p.line === null ? null : p.market === "spreads" && p.selection === "away" ? -p.line || 0 : p.line;

const keyed = (outcomes: string[], values: number[]): BySelection<number> =>
  Object.fromEntries(outcomes.map((o, i) => [o, values[i]]));

/** The prices of one snapshot in outcome order, or null when the book lacks an outcome. */
const complete = (outcomes: string[], prices: BySelection<number>) =>
  outcomes.every((o) => prices[o] !== undefined) ? outcomes.map((o) => prices[o]) : null;

/** The no-vig methods a caller reads: every one for the market views, one for a season's scores. */
type Methods = readonly NoVigMethod[];

function snapshot(outcomes: string[], points: BookPoint[], methods: Methods): Snapshot | null {
  if (!points.length) return null;
  const prices: BySelection<number> = {};
  for (const p of points) prices[p.selection] = p.price;
  const observed = points.reduce((a, p) => (p.observedAt > a ? p.observedAt : a), points[0].observedAt);
  const odds = complete(outcomes, prices);
  if (!odds) return { observed_at: observed, prices, margin: null, no_vig: null };
  // The iterative solvers are most of an edition's season (380 contests × books × 2 snapshots).
  const power = methods.includes("power") ? noVig("power", odds) : null;
  const shin = methods.includes("shin") ? noVig("shin", odds) : null;
  return {
    observed_at: observed,
    prices,
    margin: margin(odds),
    no_vig: {
      multiplicative: { probabilities: keyed(outcomes, noVig("multiplicative", odds)!.probabilities) },
      power: power && { k: power.parameter!, probabilities: keyed(outcomes, power.probabilities) },
      shin: shin && { z: shin.parameter!, probabilities: keyed(outcomes, shin.probabilities) },
    },
  };
}

function movement(early: Snapshot | null, closing: Snapshot | null): BookView["movement"] {
  if (!early || !closing) return null;
  const out: NonNullable<BookView["movement"]> = {};
  for (const [o, e] of Object.entries(early.prices)) {
    const c = closing.prices[o];
    if (c !== undefined) out[o] = { odds: c - e, implied_probability: 1 / c - 1 / e };
  }
  return out;
}

/** The mean of the books' no-vig probabilities (by `method`) at a phase; null without a complete book. */
export function consensusOf(view: MarketView, phase: Phase, method: NoVigMethod = "multiplicative") {
  const vectors: number[][] = [];
  for (const b of view.bookmakers) {
    const odds = b[phase] && complete(view.outcomes, b[phase].prices);
    const p = odds && noVig(method, odds);
    if (p) vectors.push(p.probabilities);
  }
  return vectors.length
    ? { probabilities: keyed(view.outcomes, meanVector(vectors)), bookmakers: vectors.length }
    : null;
}

/** The highest price per outcome and its bookmaker (ties: the first by name). */
function bestOf(view: MarketView, phase: Phase): Best | null {
  const best: Best = {};
  for (const b of view.bookmakers)
    for (const [o, price] of Object.entries(b[phase]?.prices ?? {}))
      if (!best[o] || price > best[o].price) best[o] = { price, bookmaker: b.bookmaker };
  return Object.keys(best).length ? best : null;
}

/**
 * Groups a contest's snapshots into market views, ordered by market, line and bookmaker; no-vig
 * probabilities by `methods` only (the others null).
 */
export function marketViews(points: BookPoint[], methods: Methods = NO_VIG_METHODS): MarketView[] {
  const groups = new Map<string, BookPoint[]>();
  for (const p of points) {
    const k = `${p.market}|${marketLine(p) ?? ""}`;
    const g = groups.get(k);
    if (g) g.push(p);
    else groups.set(k, [p]);
  }
  const views: MarketView[] = [];
  for (const g of groups.values()) {
    const outcomes = ORDER.filter((o) => g.some((p) => p.selection === o));
    const books = [...new Set(g.map((p) => p.bookmaker))].sort();
    const view: MarketView = {
      market: g[0].market,
      line: marketLine(g[0]),
      outcomes,
      bookmakers: [],
      published: [],
      consensus: { early: null, closing: null },
      best: { early: null, closing: null },
    };
    for (const bookmaker of books) {
      const mine = g.filter((p) => p.bookmaker === bookmaker);
      const early = snapshot(
        outcomes,
        mine.filter((p) => !p.isClosing),
        methods,
      );
      const closing = snapshot(
        outcomes,
        mine.filter((p) => p.isClosing),
        methods,
      );
      if (PUBLISHED.has(bookmaker))
        view.published.push({
          bookmaker,
          early: early && { prices: early.prices, margin: early.margin },
          closing: closing && { prices: closing.prices, margin: closing.margin },
        });
      else view.bookmakers.push({ bookmaker, early, closing, movement: movement(early, closing) });
    }
    for (const phase of ["early", "closing"] as const) {
      view.consensus[phase] = consensusOf(view, phase);
      view.best[phase] = bestOf(view, phase);
    }
    views.push(view);
  }
  const rank = (m: string) => ["h2h", "totals", "spreads"].indexOf(m);
  return views.sort((a, b) => rank(a.market) - rank(b.market) || (a.line ?? 0) - (b.line ?? 0));
}
