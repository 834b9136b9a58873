/**
 * Odds snapshots, one JSON object or NDJSON (one price per line, thousands per request). A batch
 * is all or nothing: every line is validated and every contest resolved before anything is
 * written, and the writes share one transaction, so a bad line 812 leaves the first 811 unwritten.
 * On SQLite the transaction runs on the ingest writer thread (lib/ingest/store/odds-sqlite.ts);
 * on PostgreSQL through Prisma, with the importers' odds write path (upsertOdds: one odds.points
 * change per contest, multi-row statements).
 */
import { db, type Tx } from "../platform/db";
import { retryBusy } from "../platform/db/busy-retry";
import { envInt, envNum } from "../platform/config";
import { newDataVersion } from "../events/data-version";
import { upsertOdds } from "../importers/store/odds";
import { contestForOdds } from "../sports/store/contests";
import { twinAnswer, type Committed, type IdemRecord } from "./commit";
import { resolveRef, unknownRef } from "./mapping";
import { booksByCompetition, contestField, oddsAnswer, type OddsContest, type OddsLine } from "./odds-batch";
import { oddsWriteThread } from "./store/odds-thread";
import { latestOddsPrices } from "./store/odds-latest";
import { oddsMoves } from "./odds-moves";
import { recordChanges } from "../events/changes";
import type { IngestResult } from "./types";

/** The Prisma path (PostgreSQL), inside the pipeline's transaction. */
export async function writeOdds(tx: Tx, source: string, lines: OddsLine[]): Promise<IngestResult> {
  const contests = new Map<string, OddsContest>();
  for (const [i, l] of lines.entries()) {
    if (contests.has(l.contest)) continue;
    const id = await resolveRef(tx, source, "contest", l.contest, contestField(lines.length, i));
    const c = await contestForOdds(tx, id);
    // A price on a player (tennis) belongs to that person too, as the importers record it.
    const persons = new Map(
      c.participants.flatMap((p) => (p.personId ? [[p.side, p.personId] as const] : [])),
    );
    contests.set(l.contest, { id, competitionId: c.edition.competitionId, persons });
  }
  const totals = { imported: 0, updated: 0, unchanged: 0 };
  for (const { competitionId, books } of booksByCompetition(lines, contests)) {
    // The baselines are read before the batch's own points are written.
    const moved = [];
    for (const book of books) {
      const { change } = oddsMoves(
        competitionId,
        book,
        await latestOddsPrices(tx, book.contestId),
        envNum("ODDS_MOVED_MIN_PP"),
      );
      if (change) moved.push(change);
    }
    const counts = await upsertOdds(tx, competitionId, books);
    await recordChanges(tx, moved);
    totals.imported += counts.imported;
    totals.updated += counts.updated;
    totals.unchanged += counts.unchanged;
  }
  return oddsAnswer(lines.length, totals);
}

/**
 * Commits a validated batch: on SQLite in one transaction on the writer thread, which also stores
 * the answer and sets the odds data version (the pipeline then only signals); elsewhere
 * `inTransaction` (the pipeline's Prisma transaction around writeOdds).
 */
export async function commitOdds(
  source: string,
  lines: OddsLine[],
  idem: IdemRecord,
  inTransaction: () => Promise<Committed>,
): Promise<Committed> {
  const thread = oddsWriteThread(db);
  if (!thread) return inTransaction();
  const expiresAt = Date.now() + envInt("INGEST_IDEMPOTENCY_TTL_S") * 1000;
  const r = await retryBusy(() =>
    thread.request({
      source,
      lines,
      idem: { ...idem, expiresAt },
      version: newDataVersion("odds"),
      now: Date.now(),
      movedMinPp: envNum("ODDS_MOVED_MIN_PP"),
    }),
  );
  if (r.kind === "unknown_contest")
    throw unknownRef(source, "contest", r.contest, contestField(lines.length, r.index));
  if (r.kind === "answered") return twinAnswer(idem, new Error("Idempotency-Key answer vanished"));
  return { answer: r.answer, changed: r.changed, head: r.head ?? undefined };
}
