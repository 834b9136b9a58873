/**
 * The one write helper of the change feed: every write path (importers, seed, point adjustments,
 * the simulator) calls recordChanges inside its own transaction, so a change is visible exactly
 * when the data it describes is.
 */
import type { DbOrTx } from "../db/client";
import { chunks } from "../util/chunks";
import { resourceOf, type ChangeInput } from "./types";

/**
 * Takes `n` ids from change_sequence. The UPDATE locks the sequence row until the caller's
 * transaction ends, so a later writer gets larger ids and commits later: ids follow commit order
 * on PostgreSQL too, and a reader that saw id k has also seen every id below k.
 */
async function takeIds(db: DbOrTx, n: number): Promise<number> {
  const rows = await db.$queryRaw<Array<{ value: number | bigint }>>`
    UPDATE "change_sequence" SET "value" = "value" + ${n} WHERE "id" = 1 RETURNING "value"`;
  if (!rows.length) throw new Error("change_sequence has no row 1: run the migrations");
  return Number(rows[0].value) - n + 1;
}

/**
 * Appends changes in order; returns the last id written (null when there was nothing). Call it
 * inside the transaction that makes the change: outside one, the ids would be visible before
 * their rows (and a reader could move past them).
 */
export async function recordChanges(
  db: DbOrTx,
  changes: ChangeInput[],
  at: Date = new Date(),
): Promise<number | null> {
  if (!changes.length) return null;
  let id = await takeIds(db, changes.length);
  for (const batch of chunks(changes, 500))
    await db.change.createMany({
      data: batch.map((c) => ({
        id: id++,
        at,
        type: c.type,
        resource: resourceOf(c.type),
        resourceId: c.resourceId,
        competitionId: c.competitionId,
        contestId: c.contestId,
        data: JSON.stringify(c.data),
      })),
    });
  return id - 1;
}

export const sid = (n: number | null | undefined) => (n == null ? null : String(n));
