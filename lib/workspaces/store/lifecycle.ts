import type { Db, DbOrTx } from "../../platform/db";

/** The workspace lifecycle's queries (lib/workspaces/lifecycle.ts holds the rules). */

export const createAccount = (db: DbOrTx, name: string) =>
  db.account.create({ data: { name }, select: { id: true, name: true } });

/** The workspace's name; null when there is no such workspace. */
export async function accountName(db: DbOrTx, accountId: string): Promise<string | null> {
  const row = await db.account.findUnique({ where: { id: accountId }, select: { name: true } });
  return row?.name ?? null;
}

export async function renameAccount(db: DbOrTx, accountId: string, name: string): Promise<void> {
  await db.account.update({ where: { id: accountId }, data: { name } });
}

/** The e-mail of the user whose own account this workspace is, if any. */
export async function homeUserEmail(db: DbOrTx, accountId: string): Promise<string | null> {
  const row = await db.user.findFirst({ where: { accountId }, select: { email: true } });
  return row?.email ?? null;
}

export async function memberEmails(db: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await db.membership.findMany({
    where: { accountId },
    select: { user: { select: { email: true } } },
  });
  return rows.map((m) => m.user.email);
}

export async function removeAllMembers(db: DbOrTx, accountId: string): Promise<void> {
  await db.membership.deleteMany({ where: { accountId } });
}

export async function revokeOpenInvitations(db: DbOrTx, accountId: string, at: Date): Promise<void> {
  await db.invitation.updateMany({
    where: { accountId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: at },
  });
}

/** Stops the workspace's enabled webhook endpoints; how many. */
export async function stopWebhooks(db: DbOrTx, accountId: string, at: Date, reason: string): Promise<number> {
  const done = await db.webhookEndpoint.updateMany({
    where: { accountId, disabledAt: null },
    data: { disabledAt: at, disabledReason: reason },
  });
  return done.count;
}

/** Ids of the workspace's keys not yet revoked. */
export async function unrevokedKeyIds(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.apiKey.findMany({ where: { accountId, revokedAt: null }, select: { id: true } });
  return rows.map((k) => k.id);
}
