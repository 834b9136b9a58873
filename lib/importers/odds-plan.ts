/**
 * What an odds write does, decided without the database (so the Prisma path, lib/importers/odds.ts,
 * and the SQLite writer thread of the ingest API, lib/ingest/store/odds-sqlite.ts, decide alike):
 * a point is identified by contest, bookmaker, market, selection, line, observation time and the
 * closing flag; a new one is inserted, a known one with another price is repriced, never deleted
 * and re-inserted (ids stay), and each contest whose book moved gets one odds.points change.
 */
import type { ChangeInput } from "../events/types";
import type { OddsRecord } from "./types";

type OddsIdentity = {
  bookmaker: string;
  market: string;
  selection: string;
  line: number | null;
  observedAt: Date;
  isClosing: boolean;
};
export const oddsKey = (contestId: number, o: OddsIdentity) =>
  `${contestId}|${o.bookmaker}|${o.market}|${o.selection}|${o.line ?? ""}|${o.observedAt.getTime()}|${o.isClosing ? 1 : 0}`;

/** New or corrected points a change carries inline; more are fetched from the odds history. */
export const INLINE_POINTS = 50;

/** One odds.points change per contest whose book changed (docs/events.md). */
function oddsChange(competitionId: number, contestId: number, points: OddsRecord[]): ChangeInput {
  const times = points.map((o) => o.observedAt.getTime());
  return {
    type: "odds.points",
    resourceId: contestId,
    competitionId,
    contestId,
    data: {
      contest_id: String(contestId),
      count: points.length,
      observed_from: new Date(Math.min(...times)).toISOString(),
      observed_to: new Date(Math.max(...times)).toISOString(),
      points: points.slice(0, INLINE_POINTS).map((o) => ({
        person_id: o.personId == null ? null : String(o.personId),
        bookmaker: o.bookmaker,
        market: o.market,
        selection: o.selection,
        line: o.line,
        price: o.price,
        observed_at: o.observedAt.toISOString(),
        is_closing: o.isClosing,
      })),
    },
  };
}

export type OddsBook = { contestId: number; odds: OddsRecord[] };
/** A stored point as oddsKey finds it. */
export type StoredPoint = { id: number; price: number };

export interface OddsPlan {
  create: Array<OddsRecord & { contestId: number }>;
  repriced: StoredPoint[];
  changes: ChangeInput[];
  counts: { imported: number; updated: number; unchanged: number };
}

/** Sorts a competition's books into inserts, reprices and unchanged points against `have`. */
export function planOdds(competitionId: number, books: OddsBook[], have: Map<string, StoredPoint>): OddsPlan {
  const plan: OddsPlan = {
    create: [],
    repriced: [],
    changes: [],
    counts: { imported: 0, updated: 0, unchanged: 0 },
  };
  for (const { contestId, odds } of books) {
    const moved: OddsRecord[] = [];
    for (const o of odds) {
      const old = have.get(oddsKey(contestId, o));
      if (!old) {
        plan.create.push({ ...o, contestId });
        moved.push(o);
      } else if (old.price !== o.price) {
        plan.repriced.push({ id: old.id, price: o.price });
        moved.push(o);
      } else plan.counts.unchanged++;
    }
    if (moved.length) plan.changes.push(oddsChange(competitionId, contestId, moved));
  }
  plan.counts.imported = plan.create.length;
  plan.counts.updated = plan.repriced.length;
  return plan;
}
