/** Response shapes of the odds analytics (lib/api/endpoints/odds-analytics.ts), each defined once. */
import { z } from "zod";
import { dateTime, idField } from "../shapes";

const bySelection = <T extends z.ZodType>(value: T, what: string) =>
  z.record(z.string(), value).describe(`${what}, by selection (home, draw, away, over, under)`);
const probabilities = bySelection(z.number(), "Probabilities summing to 1 within 1e-9");

export const Snapshot = z.object({
  observed_at: dateTime.describe("When the snapshot's latest price was observed"),
  prices: bySelection(z.number(), "Decimal prices"),
  margin: z.number().nullable().describe("Σ 1/odds − 1; null when the book lacks an outcome"),
  no_vig: z
    .object({
      multiplicative: z.object({ probabilities }).describe("p_i = (1/odds_i) / Σ 1/odds"),
      power: z
        .object({ k: z.number().describe("Solves Σ (1/odds_i)^k = 1"), probabilities })
        .nullable()
        .describe("p_i = (1/odds_i)^k"),
      shin: z
        .object({ z: z.number().describe("Shin's z (the insider share)"), probabilities })
        .nullable()
        .describe("p_i = (√(z² + 4(1−z)·π_i²/Σπ) − z) / (2(1−z)), π_i = 1/odds_i, z solved so Σ p_i = 1"),
    })
    .nullable()
    .describe("Probabilities with the margin removed; null when the book lacks an outcome"),
});

const Consensus = z
  .object({
    probabilities,
    bookmakers: z.int().describe("Books with a complete snapshot behind the mean"),
  })
  .nullable()
  .describe("Mean of the books' multiplicative no-vig probabilities; null without a complete book");

const Best = bySelection(
  z.object({ price: z.number(), bookmaker: z.string().describe("Ties: the first by name") }),
  "Highest price and its bookmaker",
).nullable();

const Published = z
  .object({ prices: bySelection(z.number(), "Prices"), margin: z.number().nullable() })
  .nullable();

export const MarketView = z.object({
  market: z.string().describe("h2h, totals or spreads"),
  line: z.number().nullable().describe("The total, or the home side's handicap; null for h2h"),
  outcomes: z.array(z.string()).describe("The market's selections in order"),
  bookmakers: z.array(
    z.object({
      bookmaker: z.string(),
      early: Snapshot.nullable().describe("First price seen that is not closing (not the opening line)"),
      closing: Snapshot.nullable().describe("Last price flagged closing"),
      movement: bySelection(
        z.object({
          odds: z.number().describe("closing − early decimal price"),
          implied_probability: z.number().describe("1/closing − 1/early"),
        }),
        "Early to closing",
      ).nullable(),
    }),
  ),
  published: z
    .array(
      z.object({
        bookmaker: z.string().describe("market_max or market_avg"),
        early: Published,
        closing: Published,
      }),
    )
    .describe("The source file's own Max and Avg columns, as published"),
  consensus: z.object({ early: Consensus, closing: Consensus }),
  best: z.object({ early: Best, closing: Best }),
});

export const ContestMarkets = z.object({
  contest_id: idField("contest"),
  markets: z.array(MarketView),
});

export const ClvAnswer = z.object({
  contest_id: idField("contest"),
  market: z.string(),
  line: z.number().nullable(),
  selection: z.string(),
  odds: z.number().describe("The price judged"),
  bookmaker: z.string().nullable().describe("Whose early price; null for a price passed as odds"),
  reference: z.enum(["pinnacle", "consensus"]).describe("The closing line p_close comes from"),
  reference_bookmakers: z.int().describe("Books behind p_close (1 for Pinnacle)"),
  method: z.enum(["multiplicative", "power", "shin"]),
  p_close: z.number().describe("No-vig closing probability of the selection"),
  fair_odds: z.number().describe("1 / p_close"),
  clv: z.number().describe("odds × p_close − 1; above 0 beat the close"),
});

export const BookmakerSeasons = z.object({
  edition_id: idField("edition"),
  market: z.string(),
  line: z.number().nullable(),
  method: z.enum(["multiplicative", "power", "shin"]),
  snapshot: z.enum(["closing", "early"]).describe("The books scored"),
  sharpest: z.string().nullable().describe("The bookmaker with the lowest log loss"),
  items: z.array(
    z.object({
      bookmaker: z.string(),
      contests: z.int().describe("Finished contests it priced"),
      mean_margin: z.object({ early: z.number().nullable(), closing: z.number().nullable() }),
      scored: z.int().describe("Contests with a complete book at the snapshot and a settled result"),
      brier: z.number().nullable().describe("Mean Σ(p_i − o_i)²"),
      log_loss: z.number().nullable().describe("Mean −ln p(result)"),
    }),
  ),
});
