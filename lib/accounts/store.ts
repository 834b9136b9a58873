import type { Db, DbOrTx } from "../platform/db";

/** Data access for User rows and the Account each user owns; the rules live in users.ts and lib/auth. */

/** A user by their stored (lower-case) email, with the account's plan. */
export const userWithPlanByEmail = (db: DbOrTx, email: string) =>
  db.user.findUnique({
    where: { email },
    include: { account: { select: { id: true, plan: true } } },
  });

export const findUserById = (db: DbOrTx, id: string) =>
  db.user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, accountId: true },
  });

/** The whole user row, by id. */
export const userRow = (db: DbOrTx, id: string) => db.user.findUnique({ where: { id } });

/** The whole user row, by stored (lower-case) email. */
export const userRowByEmail = (db: DbOrTx, email: string) => db.user.findUnique({ where: { email } });

/** Creates a user together with a fresh account (workspace) named `accountName`. */
export const createUserWithAccount = (
  db: DbOrTx,
  user: { email: string; name: string | null; passwordHash?: string; emailVerified?: Date | null },
  accountName: string,
) => db.user.create({ data: { ...user, account: { create: { name: accountName } } } });

type UserUpdateData = Parameters<Db["user"]["update"]>[0]["data"];

/** Sets columns of one user row; returns the updated row. */
export const updateUser = (db: DbOrTx, id: string, data: UserUpdateData) =>
  db.user.update({ where: { id }, data });

/** The plan name of each account among `ids` that exists. */
export async function planNames(db: DbOrTx, ids: string[]): Promise<Array<{ id: string; plan: string }>> {
  return db.account.findMany({ where: { id: { in: ids } }, select: { id: true, plan: true } });
}

/** The emails of the users whose own account this is, oldest first, at most `take`. */
export async function accountUserEmails(db: DbOrTx, accountId: string, take: number): Promise<string[]> {
  const rows = await db.user.findMany({
    where: { accountId },
    select: { email: true },
    orderBy: { createdAt: "asc" },
    take,
  });
  return rows.map((u) => u.email);
}

/** An account's plan name, or null when there is no such account. */
export async function planOf(db: DbOrTx, accountId: string): Promise<string | null> {
  return (await db.account.findUnique({ where: { id: accountId }, select: { plan: true } }))?.plan ?? null;
}

/** An account's plan name; throws when there is no such account. */
export async function requirePlanOf(db: DbOrTx, accountId: string): Promise<string> {
  return (await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { plan: true } })).plan;
}
