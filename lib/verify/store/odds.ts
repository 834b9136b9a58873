/**
 * The odds snapshots' statements for `statline verify` (lib/verify/odds.ts compares): the stored
 * rows, the rows recomputed from every point with one window over the scope's contests, and the
 * rewrite of the scope's rows from the points.
 */
import type { DbOrTx } from "../../platform/db/client";
import type { Scope } from "../store";

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

export type SnapshotRaw = Record<string, unknown>;

export const storedSnapshots = (tx: DbOrTx, scope: Scope) =>
  tx.$queryRawUnsafe<SnapshotRaw[]>(`SELECT ${KEY} FROM "odds_snapshots"${inScope(scope)}`);

export const expectedSnapshots = (tx: DbOrTx, scope: Scope) =>
  tx.$queryRawUnsafe<SnapshotRaw[]>(expected(scope));

/** Writes the scope's snapshots again from the points. */
export async function rewriteSnapshots(tx: DbOrTx, scope: Scope): Promise<void> {
  await tx.$executeRawUnsafe(`DELETE FROM "odds_snapshots"${inScope(scope)}`);
  await tx.$executeRawUnsafe(
    `INSERT INTO "odds_snapshots" ("pointId", "contestId", "market", "bookmaker", "selection", "line", "isClosing", "observedAt") ` +
      `SELECT o."id", o."contestId", o."market", o."bookmaker", o."selection", o."line", o."isClosing", o."observedAt" ` +
      `FROM "odds_points" o WHERE o."id" IN (SELECT "pointId" FROM (${expected(scope)}) e)`,
  );
}
