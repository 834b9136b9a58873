import type { Db } from "../db";

/** How many alerts the dashboard lists (newest first); older ones stay stored. */
export const LIST_LIMIT = 50;

export interface AlertView {
  id: string;
  type: string;
  title: string;
  message: string;
  createdAt: string;
  read: boolean;
}

export async function listAlerts(db: Db, accountId: string): Promise<{ items: AlertView[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    db.alert.findMany({
      where: { accountId, inbox: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: LIST_LIMIT,
      select: { id: true, type: true, title: true, message: true, createdAt: true, readAt: true },
    }),
    unreadCount(db, accountId),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
      read: r.readAt !== null,
    })),
    unread,
  };
}

export function unreadCount(db: Db, accountId: string): Promise<number> {
  return db.alert.count({ where: { accountId, inbox: true, readAt: null } });
}

/** Marks the account's listed alerts read: the given ids, or all of them. Returns how many changed. */
export async function markAlertsRead(db: Db, accountId: string, ids: string[] | "all"): Promise<number> {
  const { count } = await db.alert.updateMany({
    where: { accountId, readAt: null, ...(ids === "all" ? {} : { id: { in: ids } }) },
    data: { readAt: new Date() },
  });
  return count;
}
