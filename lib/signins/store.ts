import type { Db } from "../platform/db";

/** Data access for SignInEvent rows (lib/signins/history.ts holds the rules). */

export const recentSignIns = (db: Db, userId: string, since: Date, take: number) =>
  db.signInEvent.findMany({
    where: { userId, createdAt: { gte: since } },
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, createdAt: true, ip: true, userAgent: true, method: true },
  });

export const insertSignIn = (
  db: Db,
  data: { userId: string; ip: string | null; userAgent: string | null; method: string },
) => db.signInEvent.create({ data, select: { id: true } });

/** Deletes the user's sign-ins older than `before` or past the newest `keep`. */
export async function pruneSignIns(db: Db, userId: string, before: Date, keep: number): Promise<void> {
  await db.signInEvent.deleteMany({ where: { userId, createdAt: { lt: before } } });
  const extra = await db.signInEvent.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    skip: keep,
    select: { id: true },
  });
  if (extra.length) await db.signInEvent.deleteMany({ where: { id: { in: extra.map((r) => r.id) } } });
}
