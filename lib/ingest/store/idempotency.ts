/** The stored first answers to ingest writes, per key and Idempotency-Key. */
import type { Db, DbOrTx } from "../../db/client";

export function findAnswer(db: DbOrTx, keyId: string, idemKey: string) {
  return db.ingestIdempotency.findUnique({ where: { keyId_idemKey: { keyId, idemKey } } });
}

/** Stores an answer; an expired row under the same key is replaced. */
export async function insertAnswer(
  tx: DbOrTx,
  row: { keyId: string; idemKey: string; requestHash: string; status: number; body: string; expiresAt: Date },
): Promise<void> {
  await tx.ingestIdempotency.deleteMany({
    where: { keyId: row.keyId, idemKey: row.idemKey, expiresAt: { lte: new Date() } },
  });
  await tx.ingestIdempotency.create({ data: row });
}

/** Deletes the expired answers (one indexed DELETE); returns how many. */
export async function deleteExpiredAnswers(db: Db): Promise<number> {
  const { count } = await db.ingestIdempotency.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return count;
}
