import { retryBusy } from "../platform/db/busy-retry";
import { db, type Tx } from "../platform/db";
import { claimAnswer, storeAnswer, storedAnswer, type StoredAnswer } from "./idempotency";

const UNIQUE_VIOLATION = "P2002";

/** A write's request identity: its Idempotency-Key record is stored with the write. */
export interface IdemRecord {
  keyId: string;
  idemKey: string;
  hash: string;
}

/**
 * An accepted write: its stored answer and whether data changed. `head` is set by a write that
 * also set the data version row in its own transaction (the SQLite odds path): the last change id
 * it wrote, for the signal after commit.
 */
export interface Committed {
  answer: StoredAnswer;
  changed: boolean;
  head?: number;
}

/**
 * The write and its stored answer in one transaction that claims the Idempotency-Key before it
 * writes: a concurrent twin waits for it and answers with its answer (claimAnswer).
 */
export async function commitInTransaction(
  idem: IdemRecord,
  handler: (tx: Tx) => Promise<{ status?: number; data: unknown; changed: boolean }>,
): Promise<Committed> {
  const { keyId, idemKey, hash } = idem;
  try {
    return await retryBusy(() =>
      db.$transaction(
        async (tx) => {
          await claimAnswer(tx, keyId, idemKey, hash);
          const result = await handler(tx);
          const answer = { status: result.status ?? 200, body: JSON.stringify({ data: result.data }) };
          await storeAnswer(tx, keyId, idemKey, answer);
          return { answer, changed: result.changed };
        },
        { timeout: 60_000, maxWait: 30_000 },
      ),
    );
  } catch (err) {
    if ((err as { code?: unknown }).code !== UNIQUE_VIOLATION) throw err;
    return twinAnswer(idem, err);
  }
}

/** The answer a concurrent twin under the same Idempotency-Key stored (a 409 if its request differed). */
export async function twinAnswer(idem: IdemRecord, err: unknown): Promise<Committed> {
  const answer = await storedAnswer(db, idem.keyId, idem.idemKey, idem.hash);
  if (!answer) throw err;
  return { answer, changed: false };
}
