/**
 * The odds snapshots (odds_snapshots, kept by a trigger on odds_points): each outcome's early point
 * (first observed of those not flagged closing, lowest id on a tie) and closing point (last
 * observed of those flagged closing, highest id on a tie), recomputed from every point with one
 * window over the editions' contests and compared with the stored rows by outcome.
 */
import type { DbOrTx } from "../db/client";
import { rowDrifts } from "./diff";
import type { Scope } from "./store";
import type { Drift } from "./types";

interface SnapshotRow {
  key: string;
  pointId: number;
}

const COLUMNS = `"contestId", "market", "bookmaker", "selection", "line", "isClosing"`;
const KEY = `"contestId", "market", "bookmaker", "selection", "line", "isClosing", "pointId"`;

/** Contests of the scope's editions (every contest when the scope is null). */
const inScope = (scope: Scope) =>
  scope
    ? ` WHERE "contestId" IN (SELECT "id" FROM "contests" WHERE "editionId" IN (${scope.length ? scope.map(Number).join(",") : "NULL"}))`
    : "";

// Within one outcome "isClosing" is constant: closing points sort last-observed first, highest id
// first; the others first-observed first, lowest id first.
const expected = (scope: Scope) =>
  `SELECT ${KEY} FROM (SELECT ${COLUMNS}, "id" AS "pointId", ROW_NUMBER() OVER (PARTITION BY ${COLUMNS} ` +
  `ORDER BY CASE WHEN "isClosing" THEN "observedAt" END DESC, "observedAt", ` +
  `CASE WHEN "isClosing" THEN "id" END DESC, "id") AS "rn" FROM "odds_points"${inScope(scope)}) r WHERE "rn" = 1`;

const stored = (scope: Scope) => `SELECT ${KEY} FROM "odds_snapshots"${inScope(scope)}`;

type Raw = Record<string, unknown>;
const row = (r: Raw): SnapshotRow => ({
  key: [r.contestId, r.market, r.bookmaker, r.selection, r.line ?? "", Number(r.isClosing) ? 1 : 0].join("|"),
  pointId: Number(r.pointId),
});

/** The scope's snapshot drifts; with `repair` the scope's snapshots are written again from the points. */
export async function oddsSnapshotDrifts(
  tx: DbOrTx,
  repair: boolean,
  scope: Scope,
): Promise<{ drifts: Drift[]; checked: number }> {
  const have = (await tx.$queryRawUnsafe<Raw[]>(stored(scope))).map(row);
  const want = (await tx.$queryRawUnsafe<Raw[]>(expected(scope))).map(row);
  const drifts = rowDrifts("odds_snapshot", have, want, (r) => r.key, ["pointId"]);
  if (repair && drifts.length) {
    await tx.$executeRawUnsafe(`DELETE FROM "odds_snapshots"${inScope(scope)}`);
    await tx.$executeRawUnsafe(
      `INSERT INTO "odds_snapshots" ("pointId", "contestId", "market", "bookmaker", "selection", "line", "isClosing", "observedAt") ` +
        `SELECT o."id", o."contestId", o."market", o."bookmaker", o."selection", o."line", o."isClosing", o."observedAt" ` +
        `FROM "odds_points" o WHERE o."id" IN (SELECT "pointId" FROM (${expected(scope)}) e)`,
    );
  }
  return { drifts, checked: want.length };
}
