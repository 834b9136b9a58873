import type { Db, DbOrTx } from "../../platform/db";

/** Data access for Account rows as the operator console reads and changes them. */

type AccountUpdateData = Parameters<Db["account"]["update"]>[0]["data"];

/** The filter of the console's account search: the name, or a member's email or name, contains `term`. */
function searchWhere(term: string) {
  return term
    ? {
        OR: [
          { name: { contains: term } },
          {
            users: {
              some: { OR: [{ email: { contains: term.toLowerCase() } }, { name: { contains: term } }] },
            },
          },
        ],
      }
    : {};
}

/** The account's own columns, shown in the console's list and on its detail page. */
const ACCOUNT_FIELDS = {
  id: true,
  name: true,
  plan: true,
  operator: true,
  createdAt: true,
  suspendedAt: true,
  suspendedReason: true,
} as const;

export const countAccounts = (db: Db, term: string) => db.account.count({ where: searchWhere(term) });

/** One page of matching accounts, newest first, with up to 3 member emails and the unrevoked key count. */
export const accountPage = (db: Db, term: string, skip: number, take: number) =>
  db.account.findMany({
    where: searchWhere(term),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip,
    take,
    select: {
      ...ACCOUNT_FIELDS,
      users: { select: { email: true }, orderBy: { createdAt: "asc" }, take: 3 },
      _count: { select: { apiKeys: { where: { revokedAt: null } } } },
    },
  });

/** Units per account from the day roll-ups starting at or after `start`. */
export async function unitsSince(db: Db, ids: string[], start: Date): Promise<Map<string, number>> {
  const rows = await db.usageRollup.groupBy({
    by: ["accountId"],
    where: { accountId: { in: ids }, period: "day", start: { gte: start } },
    _sum: { units: true },
  });
  return new Map(rows.map((u) => [u.accountId, u._sum.units ?? 0]));
}

/** How many accounts are on each plan (the Plans page), by plan name. */
export async function accountsPerPlan(db: Db): Promise<Map<string, number>> {
  const rows = await db.account.groupBy({ by: ["plan"], _count: { _all: true } });
  return new Map(rows.map((r) => [r.plan, r._count._all]));
}

/** The latest lastUsedAt of each account's keys. */
export async function lastKeyUse(db: Db, ids: string[]): Promise<Map<string, Date | null>> {
  const rows = await db.apiKey.groupBy({
    by: ["accountId"],
    where: { accountId: { in: ids } },
    _max: { lastUsedAt: true },
  });
  return new Map(rows.map((u) => [u.accountId, u._max.lastUsedAt]));
}

/** One account for the detail page: members and key metadata (never a secret or its hash). */
export function accountDetail(db: Db, id: string) {
  return db.account.findUnique({
    where: { id },
    select: {
      ...ACCOUNT_FIELDS,
      users: {
        select: { id: true, email: true, name: true, createdAt: true },
        orderBy: { createdAt: "asc" },
      },
      apiKeys: {
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: 200,
        select: {
          id: true,
          name: true,
          environment: true,
          prefix: true,
          createdAt: true,
          lastUsedAt: true,
          revokedAt: true,
          disabledAt: true,
          expiresAt: true,
          scopes: true,
        },
      },
    },
  });
}
export type AccountDetail = NonNullable<Awaited<ReturnType<typeof accountDetail>>>;

/** An account's plan, operator flag and suspension (null when there is no such account). */
export const accountFlags = (db: DbOrTx, id: string) =>
  db.account.findUnique({
    where: { id },
    select: { id: true, plan: true, operator: true, suspendedAt: true, suspendedReason: true },
  });

export const updateAccount = (db: DbOrTx, id: string, data: AccountUpdateData) =>
  db.account.update({ where: { id }, data });

/** Stamps changedAt on the account's unrevoked keys, so every instance reloads them. */
export const touchAccountKeys = (db: DbOrTx, accountId: string, now: Date) =>
  db.apiKey.updateMany({ where: { accountId, revokedAt: null }, data: { changedAt: now } });
