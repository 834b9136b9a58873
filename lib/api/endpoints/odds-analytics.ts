/**
 * The odds analytics (docs/odds-analytics.md): a contest's markets (early and closing books,
 * margins, no-vig probabilities, movement, consensus, best price), the closing-line value of a
 * price, and an edition's bookmakers compared. The arithmetic is lib/odds; this file only reads
 * and answers.
 */
import { z } from "zod";
import type { Db } from "../../platform/db";
import { contestExists } from "../../repos/contests";
import { editionExists } from "../../repos/editions";
import { contestSnapshots, editionResults, editionSnapshots } from "../../repos/odds-books";
import { closingLineValue } from "../../odds/clv";
import { marketViews } from "../../odds/markets";
import { NO_VIG_METHODS } from "../../odds/math";
import { bookmakerSeasons } from "../../odds/season";
import { invalidParameter, notFound } from "../../platform/errors";
import { q } from "../request";
import { pathId } from "../shapes";
import { defineRoute, type RouteDef } from "../types";
import { BookmakerSeasons, ClvAnswer, ContestMarkets } from "./odds-analytics-shapes";

const MARKETS = ["h2h", "totals", "spreads"] as const;
const market = z.enum(MARKETS, { error: `must be one of ${MARKETS.join(", ")}` });
const method = z
  .enum(NO_VIG_METHODS, { error: `must be one of ${NO_VIG_METHODS.join(", ")}` })
  .optional()
  .default("multiplicative")
  .describe("How the margin is removed: multiplicative (default), power or shin");

const contestId = (raw: string | undefined) => {
  const id = pathId(raw);
  if (!id) throw notFound(`Contest ${raw}`);
  return id;
};

/** The contest's market views, or 404 when it does not exist. */
async function views(db: Db, raw: string | undefined) {
  const id = contestId(raw);
  const points = await contestSnapshots(db, id);
  if (!points.length && !(await contestExists(db, id))) throw notFound(`Contest ${raw}`);
  return { id, views: marketViews(points) };
}

const common = {
  scope: "odds" as const,
  tags: ["Odds"],
  group: "odds" as const,
  cacheTtlMs: 30_000,
  readsOdds: true,
};

const marketsRoute = defineRoute({
  ...common,
  pattern: "/v1/contests/{id}/odds/markets",
  summary:
    "A contest's markets: early and closing books, margins, no-vig probabilities, consensus, best price",
  description:
    "Per market (h2h, totals, spreads) and line, each bookmaker's early snapshot (the first price seen that is not " +
    "closing; in the football-data.co.uk files, Friday or Tuesday afternoon, not the opening line) and closing " +
    "snapshot: prices, margin Σ1/odds − 1, no-vig probabilities by the multiplicative, power and Shin methods, and the " +
    "move from early to closing in odds and in implied probability. consensus is the mean of the books' " +
    "multiplicative no-vig probabilities; best is the highest price per outcome with its bookmaker. The source " +
    "files' own Max and Avg columns are under published, as they were published.",
  query: z.strictObject({
    market: market.optional().describe("Only this market"),
    bookmaker: q.code
      .optional()
      .describe("Only this bookmaker's book (consensus and best still use every book)"),
  }),
  response: ContestMarkets,
  handler: async ({ query, params, db }) => {
    const { id, views: all } = await views(db, params.id);
    const markets = all
      .filter((v) => !query.market || v.market === query.market)
      .map((v) =>
        query.bookmaker
          ? {
              ...v,
              bookmakers: v.bookmakers.filter((b) => b.bookmaker === query.bookmaker),
              published: v.published.filter((b) => b.bookmaker === query.bookmaker),
            }
          : v,
      );
    return { contest_id: String(id), markets };
  },
});

const clvRoute = defineRoute({
  ...common,
  pattern: "/v1/contests/{id}/odds/clv",
  summary: "Closing-line value of a price",
  description:
    "CLV = odds × p_close − 1, where p_close is the no-vig closing probability of the selection by `method`: " +
    "Pinnacle's closing book where it has one for the market, otherwise the consensus of every book's closing book " +
    "(reference says which). Give your own price as odds, or a bookmaker to take its early price. line picks the " +
    "total or the home side's handicap; it may be left out when the market closed at one line.",
  query: z.strictObject({
    market: market.describe("h2h, totals or spreads"),
    selection: z
      .enum(["home", "draw", "away", "over", "under"], { error: "must be home, draw, away, over or under" })
      .describe("The outcome"),
    line: q.decimal.optional().describe("Total, or the home side's handicap; h2h has none"),
    odds: q.decimal
      .refine((v) => v > 1 && v <= 10_000, "must be a decimal price above 1")
      .optional()
      .describe("Your decimal price; else give bookmaker"),
    bookmaker: q.code.optional().describe("Take this bookmaker's early price (when odds is not given)"),
    method,
  }),
  response: ClvAnswer,
  handler: async ({ query, params, db }) => {
    if ((query.odds === undefined) === (query.bookmaker === undefined))
      throw invalidParameter("odds", "give exactly one of odds and bookmaker");
    const { id, views: all } = await views(db, params.id);
    const answer = closingLineValue(all, { ...query, line: query.line ?? null });
    if ("parameter" in answer) throw invalidParameter(answer.parameter, answer.message);
    return { contest_id: String(id), ...answer };
  },
});

const seasonRoute = defineRoute({
  ...common,
  pattern: "/v1/editions/{id}/odds/bookmakers",
  summary: "An edition's bookmakers compared: mean margin, Brier score and log loss of the closing line",
  description:
    "Over the edition's finished contests, per bookmaker: the mean margin of its early and closing books, and how " +
    "well its closing no-vig probabilities (by `method`; `snapshot=early` scores the early books, for files " +
    "such as tennis-data.co.uk's that carry no closing prices) predicted the results: the mean Brier score " +
    "Σ(p_i − o_i)² and the mean log loss −ln p(result) over the contests it closed (scored). Lower is sharper; " +
    "sharpest names the book with the lowest log loss. A three-way h2h settles on the score after 90 minutes; " +
    "spreads are not scored (pushes and half wins), only their margins.",
  query: z.strictObject({
    market: market.optional().default("h2h").describe("h2h (default), totals or spreads"),
    line: q.decimal.optional().describe("Only this line (totals: default 2.5)"),
    method,
    snapshot: z
      .enum(["closing", "early"], { error: "must be closing or early" })
      .optional()
      .default("closing")
      .describe("Score the closing books (default) or the early ones (tennis files carry early prices only)"),
  }),
  response: BookmakerSeasons,
  handler: async ({ query, params, db }) => {
    const id = pathId(params.id);
    if (!id || !(await editionExists(db, id))) throw notFound(`Edition ${params.id}`);
    const line = query.line ?? (query.market === "totals" ? 2.5 : undefined);
    const [points, results] = await Promise.all([
      editionSnapshots(db, id, query.market),
      editionResults(db, id),
    ]);
    const items = bookmakerSeasons(points, results, line, query.method, query.snapshot);
    const scored = items.filter((b) => b.log_loss !== null);
    const sharpest = scored.length
      ? scored.reduce((a, b) => (b.log_loss! < a.log_loss! ? b : a)).bookmaker
      : null;
    return {
      edition_id: String(id),
      market: query.market,
      line: line ?? null,
      method: query.method,
      snapshot: query.snapshot,
      sharpest,
      items,
    };
  },
});

export const oddsAnalyticsRoutes: RouteDef[] = [marketsRoute, clvRoute, seasonRoute];
