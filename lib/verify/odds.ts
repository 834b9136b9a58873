/**
 * The odds snapshots (odds_snapshots, kept by a trigger on odds_points): each outcome's early point
 * (first observed of those not flagged closing, lowest id on a tie) and closing point (last
 * observed of those flagged closing, highest id on a tie), recomputed from every point and
 * compared with the stored rows by outcome (the statements: lib/verify/store/odds.ts).
 */
import type { DbOrTx } from "../platform/db/client";
import { rowDrifts } from "./diff";
import type { Scope } from "./store";
import { expectedSnapshots, rewriteSnapshots, storedSnapshots, type SnapshotRaw } from "./store/odds";
import type { Drift } from "./types";

interface SnapshotRow {
  key: string;
  pointId: number;
}

const row = (r: SnapshotRaw): SnapshotRow => ({
  key: [r.contestId, r.market, r.bookmaker, r.selection, r.line ?? "", Number(r.isClosing) ? 1 : 0].join("|"),
  pointId: Number(r.pointId),
});

/** The scope's snapshot drifts; with `repair` the scope's snapshots are written again from the points. */
export async function oddsSnapshotDrifts(
  tx: DbOrTx,
  repair: boolean,
  scope: Scope,
): Promise<{ drifts: Drift[]; checked: number }> {
  const have = (await storedSnapshots(tx, scope)).map(row);
  const want = (await expectedSnapshots(tx, scope)).map(row);
  const drifts = rowDrifts("odds_snapshot", have, want, (r) => r.key, ["pointId"]);
  if (repair && drifts.length) await rewriteSnapshots(tx, scope);
  return { drifts, checked: want.length };
}
