import type { Db } from "../platform/db";

/** Data access for HandoffSession rows; the protocol rules live in start/approve/exchange. */

type CreateData = Parameters<Db["handoffSession"]["create"]>[0]["data"];
type UpdateData = Parameters<Db["handoffSession"]["update"]>[0]["data"];

export const createHandoff = (db: Db, data: CreateData) => db.handoffSession.create({ data });
export const handoffById = (db: Db, id: string) => db.handoffSession.findUnique({ where: { id } });
export const handoffByUserCode = (db: Db, userCode: string) =>
  db.handoffSession.findUnique({ where: { userCode } });
export const handoffByCodeHash = (db: Db, codeHash: string) =>
  db.handoffSession.findUnique({ where: { codeHash } });

/** Conditional transition; false when another request changed the row first. */
export async function transitionHandoff(db: Db, id: string, from: string | string[], data: UpdateData) {
  const status = Array.isArray(from) ? { in: from } : from;
  const { count } = await db.handoffSession.updateMany({ where: { id, status }, data });
  return count === 1;
}

/** Unconditional field update (poll pacing, the issued key's id, a dead session). */
export async function updateHandoff(db: Db, id: string, data: UpdateData) {
  await db.handoffSession.update({ where: { id }, data });
}

/** Marks the code used exactly once: the conditional update is the atomicity guarantee. */
export async function claimHandoffCode(db: Db, id: string, now: Date) {
  const { count } = await db.handoffSession.updateMany({
    where: { id, status: "approved", codeUsedAt: null },
    data: { status: "exchanged", codeUsedAt: now },
  });
  return count === 1;
}

/** Counts a wrong verifier; returns the new count. */
export async function countHandoffFailure(db: Db, id: string) {
  const row = await db.handoffSession.update({
    where: { id },
    data: { failedAttempts: { increment: 1 } },
    select: { failedAttempts: true },
  });
  return row.failedAttempts;
}

/** Old rows are kept a day for the audit trail and replay detection, then dropped. */
export const purgeExpiredHandoffs = (db: Db, now: Date) =>
  db.handoffSession.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 24 * 3600_000) } } });

export type HandoffSessionRow = NonNullable<Awaited<ReturnType<typeof handoffById>>>;
