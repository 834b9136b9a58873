/** The stored first answers to ingest writes, per key and Idempotency-Key. */
import type { Db, DbOrTx } from "../../platform/db/client";

export function findAnswer(db: DbOrTx, keyId: string, idemKey: string) {
  return db.ingestIdempotency.findUnique({ where: { keyId_idemKey: { keyId, idemKey } } });
}

/** Stores an answer (or a claim: status 0); an expired row under the same key is replaced. */
export async function insertAnswer(
  tx: DbOrTx,
  row: { keyId: string; idemKey: string; requestHash: string; status: number; body: string; expiresAt: Date },
): Promise<void> {
  await tx.ingestIdempotency.deleteMany({
    where: { keyId: row.keyId, idemKey: row.idemKey, expiresAt: { lte: new Date() } },
  });
  await tx.ingestIdempotency.create({ data: row });
}

/** Fills in the answer of the row a write claimed in its own transaction. */
export async function updateAnswer(
  tx: DbOrTx,
  key: { keyId: string; idemKey: string },
  answer: { status: number; body: string },
): Promise<void> {
  await tx.ingestIdempotency.update({ where: { keyId_idemKey: key }, data: answer });
}

/** Deletes the expired answers (one indexed DELETE); returns how many. */
export async function deleteExpiredAnswers(db: Db): Promise<number> {
  const { count } = await db.ingestIdempotency.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return count;
}
