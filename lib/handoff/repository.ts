import type { Db } from "../db";

/** Data access for HandoffSession rows; the protocol rules live in start/approve/exchange. */
export const handoffRepo = {
  create: (db: Db, data: Parameters<Db["handoffSession"]["create"]>[0]["data"]) => db.handoffSession.create({ data }),
  byId: (db: Db, id: string) => db.handoffSession.findUnique({ where: { id } }),
  byUserCode: (db: Db, userCode: string) => db.handoffSession.findUnique({ where: { userCode } }),
  byCodeHash: (db: Db, codeHash: string) => db.handoffSession.findUnique({ where: { codeHash } }),

  /** Conditional transition; false when another request changed the row first. */
  async transition(db: Db, id: string, from: string, data: Parameters<Db["handoffSession"]["update"]>[0]["data"]) {
    const { count } = await db.handoffSession.updateMany({ where: { id, status: from }, data });
    return count === 1;
  },

  /** Marks the code used exactly once: the conditional update is the atomicity guarantee. */
  async claimCode(db: Db, id: string, now: Date) {
    const { count } = await db.handoffSession.updateMany({
      where: { id, status: "approved", codeUsedAt: null },
      data: { status: "exchanged", codeUsedAt: now },
    });
    return count === 1;
  },

  /** Counts a wrong verifier; returns the new count. */
  async countFailure(db: Db, id: string) {
    const row = await db.handoffSession.update({ where: { id }, data: { failedAttempts: { increment: 1 } }, select: { failedAttempts: true } });
    return row.failedAttempts;
  },

  /** Old rows are kept a day for the audit trail and replay detection, then dropped. */
  purgeExpired: (db: Db, now: Date) =>
    db.handoffSession.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 24 * 3600_000) } } }),
};

export type HandoffSessionRow = NonNullable<Awaited<ReturnType<typeof handoffRepo.byId>>>;
