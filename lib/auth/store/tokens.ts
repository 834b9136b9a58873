import type { Db, DbOrTx } from "../../platform/db";

/**
 * Data access for the emailed one-time links: PasswordResetToken and EmailVerificationToken rows
 * (the token's SHA-256 only). Replacing is one transaction: a user has at most one live link of a kind.
 */

export async function replaceResetToken(
  db: Db,
  data: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.$transaction([
    db.passwordResetToken.deleteMany({ where: { userId: data.userId } }),
    db.passwordResetToken.create({ data }),
  ]);
}

export const resetTokenWithUser = (db: Db, tokenHash: string) =>
  db.passwordResetToken.findUnique({
    where: { tokenHash },
    include: { user: { select: { id: true, email: true, name: true } } },
  });

/** Spends an unused, unexpired reset token in one UPDATE; true for the one caller that spent it. */
export async function spendResetToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const { count } = await db.passwordResetToken.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1;
}

export async function replaceVerificationToken(
  db: Db,
  data: { userId: string; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.$transaction([
    db.emailVerificationToken.deleteMany({ where: { userId: data.userId } }),
    db.emailVerificationToken.create({ data }),
  ]);
}

export const verificationTokenWithUser = (db: Db, tokenHash: string) =>
  db.emailVerificationToken.findUnique({
    where: { tokenHash },
    include: { user: { select: { email: true, emailVerified: true, accountId: true } } },
  });

/** Spends an unused, unexpired verification token in one UPDATE; true for the one caller that spent it. */
export async function spendVerificationToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const { count } = await db.emailVerificationToken.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1;
}

export async function deleteUnusedVerificationTokens(db: DbOrTx, userId: string): Promise<void> {
  await db.emailVerificationToken.deleteMany({ where: { userId, usedAt: null } });
}
