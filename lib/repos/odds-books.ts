import type { Db } from "../platform/db";
import { bool, dialect, sqlRows, statement } from "../platform/db/sql";

/**
 * The snapshots the odds analytics read (lib/odds): per bookmaker, market, selection and line, the
 * early price (the first one observed that is not flagged closing) and the closing price (the last
 * one flagged closing), chosen by the database so a contest with a long live history still sends
 * two rows per outcome.
 */
export interface BookPoint {
  contestId: number;
  bookmaker: string;
  market: string;
  selection: string;
  line: number | null;
  price: number;
  observedAt: string;
  isClosing: boolean;
}

/**
 * Each outcome's early and closing point as odds_snapshots names them (kept by a trigger on
 * odds_points; docs/invariants.md), joined to the point for its price. Grouping the scope's
 * points instead read every point of a contest's live history: an edition with one
 * 100,000-point contest took 190 ms of SQL. In the order the caller reads them (market, bookmaker,
 * selection; closing after early).
 */
const snapshots = (scope: string) =>
  statement(
    (
      d,
    ) => `SELECT o."contestId", o."bookmaker", o."market", o."selection", o."line", o."price", ${d.iso(`o."observedAt"`)}, o."isClosing"
  FROM "odds_snapshots" s JOIN "odds_points" o ON o."id" = s."pointId" WHERE ${scope}
  ORDER BY s."contestId", s."market", s."bookmaker", s."selection", s."isClosing", o."id"`,
  );

const byContest = snapshots(`s."contestId" = ?`);
const byEdition = snapshots(
  `s."contestId" IN (SELECT "id" FROM "contests" WHERE "editionId" = ? AND "status" = 'finished') AND s."market" = ?`,
);

function points(db: Db, rows: unknown[][]): BookPoint[] {
  const { isoValue } = dialect(db);
  return rows.map((r) => ({
    contestId: Number(r[0]),
    bookmaker: r[1] as string,
    market: r[2] as string,
    selection: r[3] as string,
    line: r[4] == null ? null : Number(r[4]),
    price: Number(r[5]),
    observedAt: isoValue(r[6]),
    isClosing: bool(r[7]),
  }));
}

/** A contest's early and closing snapshots, every market. */
export async function contestSnapshots(db: Db, contestId: number) {
  return points(db, await sqlRows(db, byContest, [contestId]));
}

/** The early and closing snapshots of one market over an edition's finished contests. */
export async function editionSnapshots(db: Db, editionId: number, market: string) {
  return points(db, await sqlRows(db, byEdition, [editionId, market]));
}

/** A finished contest's sides as the markets settle them: the score after 90 minutes where kept. */
export interface SettledSide {
  contestId: number;
  side: string;
  score: number | null;
  outcome: string | null;
}

const settled = statement(
  () => `SELECT c."id", p."side", COALESCE(p."fullTimeScore", p."score"), p."outcome"
  FROM "contests" c JOIN "contest_participants" p ON p."contestId" = c."id"
  WHERE c."editionId" = ? AND c."status" = 'finished'`,
);

export async function editionResults(db: Db, editionId: number): Promise<SettledSide[]> {
  return (await sqlRows(db, settled, [editionId])).map((r) => ({
    contestId: Number(r[0]),
    side: r[1] as string,
    score: r[2] == null ? null : Number(r[2]),
    outcome: (r[3] as string | null) ?? null,
  }));
}
