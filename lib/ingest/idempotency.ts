/**
 * Idempotency-Key (as Stripe and the IETF draft use it): the first accepted answer to a write is
 * stored per key and Idempotency-Key, in the write's own transaction, so a retry gets it back and
 * changes nothing. The same Idempotency-Key with another request (method, path or body) is a 409.
 * Refusals (4xx) are not stored: a corrected request may reuse the key.
 */
import { createHash } from "node:crypto";
import { ApiError } from "../platform/errors";
import { envInt } from "../platform/config";
import type { Db, DbOrTx, Tx } from "../platform/db";
import { deleteExpiredAnswers, findAnswer, insertAnswer, updateAnswer } from "./store/idempotency";

export interface StoredAnswer {
  status: number;
  body: string;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header's value, or the 400 naming it. */
export function idempotencyKey(raw: string | undefined): string {
  if (raw === undefined || !raw.trim())
    throw new ApiError("INVALID_REQUEST", "Every write needs an Idempotency-Key header (e.g. a UUID)");
  const key = raw.trim();
  if (!KEY_PATTERN.test(key))
    throw new ApiError(
      "INVALID_REQUEST",
      "The Idempotency-Key header must be 1-255 visible ASCII characters",
    );
  return key;
}

export const requestHash = (method: string, path: string, body: string) =>
  createHash("sha256").update(`${method}\n${path}\n${body}`).digest("hex");

/** The stored answer for this key, or null; a different request under the same key is a 409. */
export async function storedAnswer(
  db: DbOrTx,
  keyId: string,
  idemKey: string,
  hash: string,
): Promise<StoredAnswer | null> {
  const row = await findAnswer(db, keyId, idemKey);
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  if (row.requestHash !== hash)
    throw new ApiError(
      "CONFLICT",
      "This Idempotency-Key was used for a different request; use a new key for a new write",
    );
  return { status: row.status, body: row.body };
}

/**
 * Claims the key first thing in the write's transaction (an expired row under the same key is
 * replaced): a concurrent twin's claim waits on the unique index until this transaction ends, then
 * fails and the twin answers with the stored answer instead of running the write beside it (two
 * renames of one team to one name ran side by side on PostgreSQL and the second answered 409).
 * Nobody outside the transaction sees the claim (status 0): storeAnswer fills it in before commit.
 */
export async function claimAnswer(tx: Tx, keyId: string, idemKey: string, hash: string): Promise<void> {
  const expiresAt = new Date(Date.now() + envInt("INGEST_IDEMPOTENCY_TTL_S") * 1000);
  await insertAnswer(tx, { keyId, idemKey, requestHash: hash, status: 0, body: "", expiresAt });
}

/** Stores the answer in the claimed row, in the write's transaction. */
export async function storeAnswer(
  tx: Tx,
  keyId: string,
  idemKey: string,
  answer: StoredAnswer,
): Promise<void> {
  await updateAnswer(tx, { keyId, idemKey }, answer);
}

/** Drops expired answers (the pipeline calls it every 10 minutes at most; one indexed DELETE). */
export const pruneAnswers = (db: Db): Promise<number> => deleteExpiredAnswers(db);
