/**
 * The one write helper of the change feed: every write path (importers, seed, point adjustments,
 * the simulator) calls recordChanges inside its own transaction, so a change is visible exactly
 * when the data it describes is.
 */
import type { DbOrTx } from "../platform/db/client";
import type { Provider } from "../platform/db/config";
import { insertChanges, takeChangeIds } from "./store";
import { resourceOf, type ChangeInput } from "./types";

/**
 * Appends changes in order; returns the last id written (null when there was nothing). Call it
 * inside the transaction that makes the change: outside one, the ids would be visible before
 * their rows (and a reader could move past them). A change's `at` is always the server's clock
 * when it was recorded, never a time a client sent (a feed's `feed_at`): retention prunes by it.
 */
export async function recordChanges(
  db: DbOrTx,
  changes: ChangeInput[],
  /** Given by bulk writers: the rows go in as set-based statements. */
  provider?: Provider,
): Promise<number | null> {
  if (!changes.length) return null;
  const at = new Date();
  let id = await takeChangeIds(db, changes.length);
  await insertChanges(
    db,
    changes.map((c) => ({
      id: id++,
      at,
      type: c.type,
      resource: resourceOf(c.type),
      resourceId: c.resourceId,
      competitionId: c.competitionId,
      contestId: c.contestId,
      data: JSON.stringify(c.data),
      accountId: c.replay?.accountId ?? null,
      replayId: c.replay?.id ?? null,
      magnitude: c.magnitude ?? null,
    })),
    provider,
  );
  return id - 1;
}

export const sid = (n: number | null | undefined) => (n == null ? null : String(n));
