import type { Db, DbOrTx } from "../platform/db";

/** Data access for Alert and AlertSetting rows; the rules (channels, dedupe, claims) live in lib/alerts. */

type AlertCreateData = Parameters<Db["alert"]["create"]>[0]["data"];

export const insertAlert = (db: DbOrTx, data: AlertCreateData) => db.alert.create({ data });

/** The dedupe keys among `keys` that an alert exists for. */
export async function existingDedupeKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = await db.alert.findMany({ where: { dedupeKey: { in: keys } }, select: { dedupeKey: true } });
  return new Set(rows.map((r) => r.dedupeKey));
}

/** The account's newest listed (inbox) alerts. */
export const inboxAlerts = (db: Db, accountId: string, take: number) =>
  db.alert.findMany({
    where: { accountId, inbox: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, type: true, title: true, message: true, createdAt: true, readAt: true },
  });

export const unreadCount = (db: Db, accountId: string): Promise<number> =>
  db.alert.count({ where: { accountId, inbox: true, readAt: null } });

/** Marks the account's unread listed alerts read (the given ids, or all); returns how many changed. */
export async function markRead(db: Db, accountId: string, ids: string[] | "all", at: Date): Promise<number> {
  const { count } = await db.alert.updateMany({
    where: { accountId, readAt: null, ...(ids === "all" ? {} : { id: { in: ids } }) },
    data: { readAt: at },
  });
  return count;
}

/** Claims a pending email (pending -> sending); true for the one caller that got it. */
export async function claimEmail(db: Db, alertId: string, at: Date): Promise<boolean> {
  const { count } = await db.alert.updateMany({
    where: { id: alertId, emailState: "pending" },
    data: { emailState: "sending", emailedAt: at },
  });
  return count > 0;
}

export const alertById = (db: Db, id: string) => db.alert.findUniqueOrThrow({ where: { id } });

export async function setEmailState(db: Db, id: string, emailState: string, at: Date): Promise<void> {
  await db.alert.update({ where: { id }, data: { emailState, emailedAt: at } });
}

/** Emails claimed before `before` and never marked sent go back to pending. */
export async function releaseStaleClaims(db: Db, before: Date): Promise<void> {
  await db.alert.updateMany({
    where: { emailState: "sending", emailedAt: { lt: before } },
    data: { emailState: "pending" },
  });
}

/** Ids of alerts with a pending email raised before `before`, oldest first. */
export async function pendingEmails(db: Db, before: Date, take: number): Promise<string[]> {
  const rows = await db.alert.findMany({
    where: { emailState: "pending", createdAt: { lt: before } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take,
  });
  return rows.map((r) => r.id);
}

export const settingsRow = (db: DbOrTx, accountId: string) =>
  db.alertSetting.findUnique({ where: { accountId } });

export async function saveSettingsRow(
  db: DbOrTx,
  accountId: string,
  row: { channels: string; leakAction: string },
): Promise<void> {
  await db.alertSetting.upsert({ where: { accountId }, create: { accountId, ...row }, update: row });
}
