import type { Db } from "../../platform/db";
import { c, columns } from "../../platform/db/columns";
import { bool, dialect, sqlRows, statement } from "../../platform/db/sql";

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
const SNAPSHOT = columns(
  c.int("contestId", 'o."contestId"'),
  c.text("bookmaker", 'o."bookmaker"'),
  c.text("market", 'o."market"'),
  c.text("selection", 'o."selection"'),
  c.numOrNull("line", 'o."line"'),
  c.num("price", 'o."price"'),
  c.iso("observedAt", 'o."observedAt"'),
  c.bool("isClosing", 'o."isClosing"'),
);

const snapshots = (scope: string) =>
  statement(
    (d) => `SELECT ${SNAPSHOT.list(d)}
  FROM "odds_snapshots" s JOIN "odds_points" o ON o."id" = s."pointId" WHERE ${scope}
  ORDER BY s."contestId", s."market", s."bookmaker", s."selection", s."isClosing", o."id"`,
  );

const byContest = snapshots(`s."contestId" = ?`);
const byEdition = snapshots(
  `s."contestId" IN (SELECT "id" FROM "contests" WHERE "editionId" = ? AND "status" = 'finished') AND s."market" = ?`,
);

function points(db: Db, rows: unknown[][]): BookPoint[] {
  const at = SNAPSHOT.at;
  return SNAPSHOT.rows(dialect(db), rows).map((r) => ({
    contestId: Number(r[at.contestId]),
    bookmaker: r[at.bookmaker],
    market: r[at.market],
    selection: r[at.selection],
    line: r[at.line] == null ? null : Number(r[at.line]),
    price: Number(r[at.price]),
    observedAt: r[at.observedAt],
    isClosing: bool(r[at.isClosing]),
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

const SETTLED = columns(
  c.int("contestId", 'c."id"'),
  c.text("side", 'p."side"'),
  c.intOrNull("score", 'COALESCE(p."fullTimeScore", p."score")'),
  c.textOrNull("outcome", 'p."outcome"'),
);

const settled = statement(
  (d) => `SELECT ${SETTLED.list(d)}
  FROM "contests" c JOIN "contest_participants" p ON p."contestId" = c."id"
  WHERE c."editionId" = ? AND c."status" = 'finished'`,
);

export async function editionResults(db: Db, editionId: number): Promise<SettledSide[]> {
  const at = SETTLED.at;
  return SETTLED.rows(dialect(db), await sqlRows(db, settled, [editionId])).map((r) => ({
    contestId: Number(r[at.contestId]),
    side: r[at.side],
    score: r[at.score] == null ? null : Number(r[at.score]),
    outcome: r[at.outcome] ?? null,
  }));
}
