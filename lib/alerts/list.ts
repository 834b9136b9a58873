import type { Db } from "../platform/db";
import * as store from "./store";

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
    store.inboxAlerts(db, accountId, LIST_LIMIT),
    store.unreadCount(db, accountId),
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

/** Marks the account's listed alerts read: the given ids, or all of them. Returns how many changed. */
export async function markAlertsRead(db: Db, accountId: string, ids: string[] | "all"): Promise<number> {
  return store.markRead(db, accountId, ids, new Date());
}
