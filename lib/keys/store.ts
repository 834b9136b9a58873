import type { Db, DbOrTx } from "../platform/db";

/** Data access for ApiKey rows; the rules (caps, scopes, audit, announcements): service.ts, lifecycle.ts. */

type KeyCreateData = Parameters<Db["apiKey"]["create"]>[0]["data"];
type KeyUpdateData = Parameters<Db["apiKey"]["update"]>[0]["data"];
export type KeyWhere = { accountId?: string; id?: string; prefix?: string };

/** Keys of an account that still work or could (not revoked, not expired at `now`). */
export const countUsableKeys = (db: DbOrTx, accountId: string, now: Date) =>
  db.apiKey.count({
    where: { accountId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
  });

/**
 * Takes the account's write lock for the rest of the transaction, so a count-then-insert cannot
 * interleave with another one: on PostgreSQL the UPDATE holds the account row's lock until
 * commit (and READ COMMITTED lets the next count see the other's key); on SQLite it takes the
 * database write lock at once (another process, e.g. the admin CLI beside a server, waits for it),
 * where Prisma's deferred BEGIN would take it only at the insert, after the count. Tested: 20
 * parallel creates at cap-5 make exactly 5 on both databases (tests/api/key-edit.test.ts).
 */
export async function lockAccount(tx: DbOrTx, accountId: string): Promise<void> {
  await tx.$executeRaw`UPDATE accounts SET plan = plan WHERE id = ${accountId}`;
}

/** What decides whether an account may hold a new key: its operator flag and suspension (null: no account). */
export const accountKeyStanding = (db: DbOrTx, accountId: string) =>
  db.account.findUnique({ where: { id: accountId }, select: { operator: true, suspendedAt: true } });

export const insertKey = (db: DbOrTx, data: KeyCreateData) => db.apiKey.create({ data });

export const updateKey = (db: DbOrTx, id: string, data: KeyUpdateData) =>
  db.apiKey.update({ where: { id }, data });

export const findKey = (db: DbOrTx, where: KeyWhere) =>
  db.apiKey.findFirst({ where: { id: where.id, prefix: where.prefix, accountId: where.accountId } });

/** A key with the prefix of the key it was rolled to, if any. */
export const findKeyWithSuccessor = (db: DbOrTx, where: KeyWhere) =>
  db.apiKey.findFirst({
    where: { id: where.id, prefix: where.prefix, accountId: where.accountId },
    include: { rolledTo: { select: { prefix: true } } },
  });

/** The key rolled from this one, if any. */
export const successorOf = (db: DbOrTx, id: string) =>
  db.apiKey.findUnique({ where: { rolledFromId: id }, select: { prefix: true } });

/** Prefixes of the account's unrevoked keys. */
export async function unrevokedPrefixes(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.apiKey.findMany({ where: { accountId, revokedAt: null }, select: { prefix: true } });
  return rows.map((r) => r.prefix);
}

/** Keys revoked or changed after `since` (the revocation poll). */
export const keysChangedSince = (db: Db, since: Date) =>
  db.apiKey.findMany({
    where: { OR: [{ revokedAt: { gt: since } }, { changedAt: { gt: since } }] },
    select: { prefix: true, revokedAt: true, changedAt: true },
  });

/** What key authentication needs, by prefix (the one query of lib/keys/auth-record.ts). */
export const keyForAuth = (db: Db, prefix: string) =>
  db.apiKey.findUnique({
    where: { prefix },
    select: {
      id: true,
      accountId: true,
      environment: true,
      secretHash: true,
      revokedAt: true,
      disabledAt: true,
      expiresAt: true,
      scopes: true,
      allowedIps: true,
      rateLimit: true,
      unitCap: true,
      account: { select: { plan: true, suspendedAt: true } },
    },
  });

const KEY_LIST_FIELDS = {
  id: true,
  name: true,
  environment: true,
  prefix: true,
  source: true,
  createdAt: true,
  revokedAt: true,
  lastUsedAt: true,
  expiresAt: true,
  disabledAt: true,
  scopes: true,
  allowedIps: true,
  rateLimit: true,
  unitCap: true,
  note: true,
  rolledFrom: { select: { prefix: true } },
  rolledTo: { select: { prefix: true } },
  createdById: true,
  createdBy: { select: { email: true, name: true } },
  revokedBy: { select: { email: true, name: true } },
} as const;

export function listApiKeys(db: Db, accountId: string) {
  return db.apiKey.findMany({
    where: { accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: KEY_LIST_FIELDS,
  });
}

/** One key as the list shows it (after a revoke, say). */
export function findListedKey(db: Db, id: string) {
  return db.apiKey.findUnique({ where: { id }, select: KEY_LIST_FIELDS });
}

export const keyByPrefix = (db: Db, prefix: string) => db.apiKey.findUnique({ where: { prefix } });

/**
 * Live (not revoked, not disabled) keys whose expiry is in (after, until], rolled ones or the
 * others, by id from `cursor` (exclusive), at most `take`: the key-expiry alert conditions.
 */
export const keysExpiringBetween = (
  db: Db,
  q: { rolled: boolean; after: Date; until: Date },
  cursor: string | undefined,
  take: number,
) =>
  db.apiKey.findMany({
    where: {
      revokedAt: null,
      disabledAt: null,
      rolledTo: q.rolled ? { isNot: null } : { is: null },
      expiresAt: { gt: q.after, lte: q.until },
    },
    select: { id: true, accountId: true, name: true, prefix: true, environment: true, expiresAt: true },
    orderBy: { id: "asc" },
    take,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
  });

/** A key's scopes and expiry (an OAuth grant's key). */
export const keyScopesAndExpiry = (db: Db, id: string) =>
  db.apiKey.findUnique({ where: { id }, select: { scopes: true, expiresAt: true } });

export async function prefixOf(db: Db, id: string): Promise<string | null> {
  return (await db.apiKey.findUnique({ where: { id }, select: { prefix: true } }))?.prefix ?? null;
}

/** What the connected-apps list shows of each key among `ids`. */
export const keysForConnections = (db: Db, ids: string[]) =>
  db.apiKey.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      prefix: true,
      environment: true,
      scopes: true,
      expiresAt: true,
      lastUsedAt: true,
      revokedAt: true,
    },
  });

/** Ids of the account's keys, narrowed to one id and/or one environment when given. */
export async function keyIdsOf(
  db: Db,
  q: { accountId: string; id?: string; environment?: string },
): Promise<string[]> {
  const rows = await db.apiKey.findMany({
    where: { accountId: q.accountId, id: q.id, environment: q.environment },
    select: { id: true },
  });
  return rows.map((k) => k.id);
}

/** What the usage report shows of each of the account's keys among `ids`. */
export const keysForReport = (db: Db, accountId: string, ids: string[]) =>
  db.apiKey.findMany({
    where: { accountId, id: { in: ids } },
    select: { id: true, name: true, prefix: true, environment: true, revokedAt: true },
  });

/** The account's keys: id, prefix and environment. */
export const keyPrefixesOf = (db: Db, accountId: string) =>
  db.apiKey.findMany({ where: { accountId }, select: { id: true, prefix: true, environment: true } });
