import type { Db, DbOrTx } from "../../platform/db";

/** Data access for the second factor: the user's TOTP columns and RecoveryCode rows (hashes only). */

export const totpColumns = (db: Db, userId: string) =>
  db.user.findUnique({
    where: { id: userId },
    select: { totpSecret: true, totpEnabledAt: true },
  });

export const unusedRecoveryCodes = (db: Db, userId: string) =>
  db.recoveryCode.count({ where: { userId, usedAt: null } });

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]): Promise<void> {
  await db.recoveryCode.deleteMany({ where: { userId } });
  await db.recoveryCode.createMany({ data: codeHashes.map((codeHash) => ({ userId, codeHash })) });
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: string): Promise<void> {
  await db.recoveryCode.deleteMany({ where: { userId } });
}

/**
 * Accepts the TOTP time step `step` unless one as late was accepted already: compared and set in
 * one UPDATE, so of two racing uses of one code one wins. True when this call took it.
 */
export async function takeTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const { count } = await db.user.updateMany({
    where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1;
}

/** Spends an unused recovery code in one UPDATE; true when this call spent it. */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const { count } = await db.recoveryCode.updateMany({
    where: { userId, codeHash, usedAt: null },
    data: { usedAt: new Date() },
  });
  return count === 1;
}
