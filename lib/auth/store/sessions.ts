import type { Db, DbOrTx } from "../../platform/db";

/** Data access for UserSession rows (lib/auth/sessions.ts and reauth.ts hold the rules). */

export async function deleteIdleSessions(db: Db, userId: string, lastSeenBefore: Date): Promise<void> {
  await db.userSession.deleteMany({ where: { userId, lastSeenAt: { lt: lastSeenBefore } } });
}

export const insertSession = (
  db: Db,
  data: { userId: string; tokenHash: string; ip: string | null; userAgent: string | null },
) => db.userSession.create({ data });

export const sessionByTokenHash = (db: Db, tokenHash: string) =>
  db.userSession.findUnique({
    where: { tokenHash },
    select: { id: true, userId: true, lastSeenAt: true, createdAt: true },
  });

/** Records activity on a session (and the address it came from, when known). */
export async function touchSession(db: Db, id: string, at: Date, ip: string | null): Promise<void> {
  await db.userSession.updateMany({ where: { id }, data: { lastSeenAt: at, ...(ip ? { ip } : {}) } });
}

/** A user's sessions seen since `seenSince` and started since `bornSince`, most recent first. */
export const liveSessionsOf = (db: Db, userId: string, seenSince: Date, bornSince: Date, take: number) =>
  db.userSession.findMany({
    where: { userId, lastSeenAt: { gte: seenSince }, createdAt: { gte: bornSince } },
    orderBy: { lastSeenAt: "desc" },
    take,
  });

/** Ids of the user's sessions: one (`only`), every one but one (`except`), or all. */
export async function sessionIdsOf(
  db: DbOrTx,
  userId: string,
  pick: { only?: string | null; except?: string | null } = {},
): Promise<string[]> {
  const rows = await db.userSession.findMany({
    where: {
      userId,
      ...(pick.only ? { id: pick.only } : {}),
      ...(pick.except ? { id: { not: pick.except } } : {}),
    },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

export async function deleteSessions(db: DbOrTx, ids: string[]): Promise<void> {
  await db.userSession.deleteMany({ where: { id: { in: ids } } });
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.userSession.deleteMany({ where: { tokenHash } });
}

/** When the session started and last re-authenticated (null when it is gone). */
export const sessionAuthTimes = (db: Db, id: string) =>
  db.userSession.findUnique({ where: { id }, select: { createdAt: true, reauthAt: true } });

export async function markSessionReauth(db: Db, id: string, at: Date): Promise<void> {
  await db.userSession.updateMany({ where: { id }, data: { reauthAt: at } });
}
