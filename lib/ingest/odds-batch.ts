/**
 * An odds batch as both write paths see it (no database here, so the SQLite writer thread loads
 * only this and lib/importers/odds-plan.ts): the line schema, the lines grouped into each
 * competition's books, and the answer.
 */
import { z } from "zod";
import type { OddsBook } from "../importers/odds-plan";
import { externalId } from "./schemas";

/** Lines per request: 5,000 prices (about 1 MB). */
export const MAX_ODDS_LINES = 5000;

export const OddsLine = z.strictObject({
  contest: externalId.describe("The contest's external id (same source)"),
  bookmaker: z.string().trim().min(1).max(40),
  market: z.enum(["h2h", "totals", "spreads"]),
  selection: z.enum(["home", "draw", "away", "over", "under"]),
  line: z.number().finite().nullable().default(null),
  price: z.number().finite().gt(1, "must be a decimal price above 1").max(10_000),
  observed_at: z.iso
    .datetime({ offset: true, error: "must be an ISO-8601 date-time with a zone" })
    .describe("When the price was seen; it is also the feed timestamp of the point"),
  is_closing: z.boolean().default(false),
});
export type OddsLine = z.output<typeof OddsLine>;

/** A contest the batch names, resolved: its id, competition, and the persons on its sides. */
export interface OddsContest {
  id: number;
  competitionId: number;
  /** side -> person id (individual sports): a price on that side belongs to the person too. */
  persons: Map<string, number>;
}

/** The lines as books per competition, in line order (every contest resolved beforehand). */
export function booksByCompetition(lines: OddsLine[], contests: Map<string, OddsContest>) {
  const byCompetition = new Map<number, Map<number, OddsBook>>();
  for (const l of lines) {
    const { id, competitionId, persons } = contests.get(l.contest)!;
    const books = byCompetition.get(competitionId) ?? new Map<number, OddsBook>();
    const book = books.get(id) ?? { contestId: id, odds: [] };
    book.odds.push({
      bookmaker: l.bookmaker,
      market: l.market,
      selection: l.selection,
      line: l.line,
      price: l.price,
      observedAt: new Date(l.observed_at),
      isClosing: l.is_closing,
      personId: persons.get(l.selection) ?? null,
    });
    books.set(id, book);
    byCompetition.set(competitionId, books);
  }
  return [...byCompetition].map(([competitionId, books]) => ({ competitionId, books: [...books.values()] }));
}

export type OddsCounts = { imported: number; updated: number; unchanged: number };

/** The batch's answer: 201 when a point was created, else 200. */
export function oddsAnswer(lines: number, totals: OddsCounts) {
  return {
    status: totals.imported ? (201 as const) : (200 as const),
    data: { lines, created: totals.imported, updated: totals.updated, unchanged: totals.unchanged },
    changed: totals.imported + totals.updated > 0,
  };
}

/** The field that names a batch's contest reference in a refusal. */
export const contestField = (lineCount: number, index: number) =>
  lineCount > 1 ? `line ${index + 1}: /contest` : "/contest";
