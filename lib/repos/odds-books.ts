import type { Db } from "../db";
import { bool, dialect, sqlRows, statement } from "../db/sql";

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
 * Each outcome's first non-closing and last closing observation time (one GROUP BY over the
 * scope's points), joined back to their rows. Two ROW_NUMBER windows over the same rows took 2.6x
 * as long on a contest with a deep live history. Rows sharing that time come in id order with
 * the one that counts last (lowest id for early, highest for closing): the caller keeps the last.
 */
const snapshots = (scope: string) =>
  statement(
    (
      d,
    ) => `SELECT o."contestId", o."bookmaker", o."market", o."selection", o."line", o."price", ${d.iso(`o."observedAt"`)}, o."isClosing"
  FROM (SELECT "contestId", "bookmaker", "market", "selection", "line", "isClosing",
          CASE WHEN "isClosing" THEN MAX("observedAt") ELSE MIN("observedAt") END AS "t"
        FROM "odds_points" WHERE ${scope}
        GROUP BY "contestId", "bookmaker", "market", "selection", "line", "isClosing") k
  JOIN "odds_points" o ON o."contestId" = k."contestId" AND o."observedAt" = k."t" AND o."bookmaker" = k."bookmaker"
    AND o."market" = k."market" AND o."selection" = k."selection" AND o."isClosing" = k."isClosing"
    AND (o."line" = k."line" OR (o."line" IS NULL AND k."line" IS NULL))
  ORDER BY o."contestId", o."market", o."bookmaker", o."selection", CASE WHEN o."isClosing" THEN o."id" ELSE -o."id" END`,
  );

const byContest = snapshots(`"contestId" = ?`);
const byEdition = snapshots(
  `"contestId" IN (SELECT "id" FROM "contests" WHERE "editionId" = ? AND "status" = 'finished') AND "market" = ?`,
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
