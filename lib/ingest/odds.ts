/**
 * Odds snapshots, one JSON object or NDJSON (one price per line, thousands per request), written
 * through the importers' odds write path (upsertOdds: one odds.points change per contest). A batch
 * is all or nothing: every line is validated and every contest resolved before anything is
 * written, and the writes share one transaction, so a bad line 812 leaves the first 811 unwritten.
 */
import { z } from "zod";
import type { Tx } from "../db";
import { upsertOdds } from "../importers/odds";
import type { OddsRecord } from "../importers/types";
import { resolveRef } from "./mapping";
import { externalId } from "./schemas";
import type { IngestResult } from "./types";

/** Lines per request: 5,000 prices (about 1 MB) is one transaction of about a second on SQLite. */
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

export async function writeOdds(tx: Tx, source: string, lines: OddsLine[]): Promise<IngestResult> {
  const contests = new Map<string, { id: number; competitionId: number; persons: Map<string, number> }>();
  for (const [i, l] of lines.entries()) {
    if (contests.has(l.contest)) continue;
    const field = lines.length > 1 ? `line ${i + 1}: /contest` : "/contest";
    const id = await resolveRef(tx, source, "contest", l.contest, field);
    const c = await tx.contest.findUniqueOrThrow({
      where: { id },
      select: { edition: true, participants: { select: { side: true, personId: true } } },
    });
    // A price on a player (tennis) belongs to that person too, as the importers record it.
    const persons = new Map(
      c.participants.flatMap((p) => (p.personId ? [[p.side, p.personId] as const] : [])),
    );
    contests.set(l.contest, { id, competitionId: c.edition.competitionId, persons });
  }
  const byCompetition = new Map<number, Map<number, OddsRecord[]>>();
  for (const l of lines) {
    const { id, competitionId, persons } = contests.get(l.contest)!;
    const books = byCompetition.get(competitionId) ?? new Map<number, OddsRecord[]>();
    const odds = books.get(id) ?? [];
    odds.push({
      bookmaker: l.bookmaker,
      market: l.market,
      selection: l.selection,
      line: l.line,
      price: l.price,
      observedAt: new Date(l.observed_at),
      isClosing: l.is_closing,
      personId: persons.get(l.selection) ?? null,
    });
    books.set(id, odds);
    byCompetition.set(competitionId, books);
  }
  const totals = { imported: 0, updated: 0, unchanged: 0 };
  for (const [competitionId, books] of byCompetition) {
    const counts = await upsertOdds(
      tx,
      competitionId,
      [...books].map(([contestId, odds]) => ({ contestId, odds })),
    );
    totals.imported += counts.imported;
    totals.updated += counts.updated;
    totals.unchanged += counts.unchanged;
  }
  const changed = totals.imported + totals.updated > 0;
  return {
    status: totals.imported ? 201 : 200,
    data: {
      lines: lines.length,
      created: totals.imported,
      updated: totals.updated,
      unchanged: totals.unchanged,
    },
    changed,
  };
}
