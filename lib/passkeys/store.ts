import type { Db, DbOrTx } from "../platform/db";

/** Data access for passkeys and their challenges (lib/passkeys/*.ts hold the rules). */

export const passkeysOf = (db: Db, userId: string) =>
  db.passkey.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });

export const passkeyByCredentialId = (db: Db, credentialId: string) =>
  db.passkey.findUnique({ where: { credentialId } });

export const countPasskeys = (db: Db, userId: string) => db.passkey.count({ where: { userId } });

export const insertPasskey = (
  db: DbOrTx,
  data: {
    userId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string;
    name: string;
  },
) => db.passkey.create({ data });

/**
 * Moves the signature counter from `from` to `to` and stamps lastUsedAt, only while the stored
 * counter is still `from`: of two racing uses of one assertion, one wins. True when it moved.
 */
export async function advanceCounter(db: Db, id: string, from: number, to: number, at: Date) {
  const { count } = await db.passkey.updateMany({
    where: { id, counter: from },
    data: { counter: to, lastUsedAt: at },
  });
  return count === 1;
}

export async function renamePasskeyRow(db: Db, userId: string, id: string, name: string) {
  const { count } = await db.passkey.updateMany({ where: { id, userId }, data: { name } });
  return count === 1;
}

export async function deletePasskeyRow(db: DbOrTx, userId: string, id: string) {
  const { count } = await db.passkey.deleteMany({ where: { id, userId } });
  return count === 1;
}

export const passkeyOfUser = (db: DbOrTx, userId: string, id: string) =>
  db.passkey.findFirst({ where: { id, userId } });

export const insertChallenge = (
  db: Db,
  data: {
    challengeHash: string;
    purpose: string;
    userId: string | null;
    sessionId: string | null;
    expiresAt: Date;
  },
) => db.webAuthnChallenge.create({ data, select: { id: true } });

export const challengeRow = (db: Db, id: string) => db.webAuthnChallenge.findUnique({ where: { id } });

/** Deletes one challenge; true for the one caller that deleted it (single use under races). */
export async function deleteChallenge(db: Db, id: string): Promise<boolean> {
  const { count } = await db.webAuthnChallenge.deleteMany({ where: { id } });
  return count === 1;
}

export async function deleteExpiredChallenges(db: Db, now: Date): Promise<void> {
  await db.webAuthnChallenge.deleteMany({ where: { expiresAt: { lt: now } } });
}
