/**
 * `statline verify` after a suite: the stored derived facts of the database the suite wrote
 * (standings, outcomes, score detail, season stats, stat-boards) equal what their base facts give.
 * Call it in afterAll, before the database is dropped; a drift fails the file with the table.
 * `editions` limits it to those editions' facts (a test's own, in a database other tests write).
 */
import { expect } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import { driftTable } from "../../lib/verify/format";
import { verify } from "../../lib/verify";

export async function expectNoDrift(db: Db, editions?: number[]): Promise<void> {
  const report = await verify(db, { editions });
  expect(report.drifts, driftTable(report.drifts)).toEqual([]);
}
