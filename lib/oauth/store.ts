import type { Db } from "../platform/db";
import type { Prisma } from "../generated/sqlite/client";

/** Data access for OAuthClient, OAuthGrant and OAuthToken rows (tokens as hashes only). */

type GrantCreateData = Parameters<Db["oAuthGrant"]["create"]>[0]["data"];
type GrantUpdateData = Parameters<Db["oAuthGrant"]["update"]>[0]["data"];
type ClientCreateData = Parameters<Db["oAuthClient"]["create"]>[0]["data"];

export const grantById = (db: Db, id: string) => db.oAuthGrant.findUnique({ where: { id } });
export const grantByCodeHash = (db: Db, codeHash: string) =>
  db.oAuthGrant.findUnique({ where: { codeHash } });
export const clientById = (db: Db, id: string) => db.oAuthClient.findUnique({ where: { id } });

export const insertClient = (db: Db, data: ClientCreateData) => db.oAuthClient.create({ data });

/** Creates or refreshes a client known by its metadata document's URL. */
export async function upsertDocumentClient(
  db: Db,
  id: string,
  row: { name: string; uri: string | null; redirectUris: string },
  created: { metadata: string; registeredIp: string },
): Promise<void> {
  await db.oAuthClient.upsert({ where: { id }, create: { id, ...row, ...created }, update: row });
}

export const clientsByIds = (db: Db, ids: string[]) =>
  db.oAuthClient.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, uri: true } });

/** Drops undecided requests and tokens that expired before `before`. */
export async function purgeExpired(db: Db, before: Date): Promise<void> {
  await db.oAuthGrant.deleteMany({
    where: { status: { in: ["pending", "denied"] }, expiresAt: { lt: before } },
  });
  await db.oAuthToken.deleteMany({ where: { expiresAt: { lt: before } } });
}

export async function insertGrant(db: Db, data: GrantCreateData): Promise<void> {
  await db.oAuthGrant.create({ data });
}

/** Moves a grant from one status to another; false when another request got there first. */
export async function transitionGrant(
  db: Db,
  id: string,
  from: string,
  data: GrantUpdateData,
): Promise<boolean> {
  const { count } = await db.oAuthGrant.updateMany({ where: { id, status: from }, data });
  return count === 1;
}

/** Marks a grant revoked (unless it is already) and deletes its tokens. */
export async function revokeGrantRow(db: Db, id: string, at: Date): Promise<void> {
  await db.oAuthGrant.updateMany({
    where: { id, status: { not: "revoked" } },
    data: { status: "revoked", revokedAt: at },
  });
  await db.oAuthToken.deleteMany({ where: { grantId: id } });
}

/** The account's approved and active grants, newest first. */
export const liveGrantsOf = (db: Db, accountId: string, take: number) =>
  db.oAuthGrant.findMany({
    where: { accountId, status: { in: ["approved", "active"] } },
    orderBy: { createdAt: "desc" },
    take,
  });

/** When each of these keys' OAuth connection last called (/mcp), by key id; keys without one are absent. */
export async function grantLastUses(db: Db, apiKeyIds: string[]): Promise<Map<string, Date>> {
  if (!apiKeyIds.length) return new Map();
  const rows = await db.oAuthGrant.findMany({
    where: { apiKeyId: { in: apiKeyIds }, lastUsedAt: { not: null } },
    select: { apiKeyId: true, lastUsedAt: true },
  });
  return new Map(rows.flatMap((r) => (r.apiKeyId && r.lastUsedAt ? [[r.apiKeyId, r.lastUsedAt]] : [])));
}

export async function insertTokens(db: Db, data: Prisma.OAuthTokenCreateManyInput[]): Promise<void> {
  await db.oAuthToken.createMany({ data });
}

export const tokenByHash = (db: Db, tokenHash: string) => db.oAuthToken.findUnique({ where: { tokenHash } });

/** Spends a refresh token once; true for the one caller that spent it. */
export async function spendToken(db: Db, tokenHash: string, at: Date): Promise<boolean> {
  const { count } = await db.oAuthToken.updateMany({
    where: { tokenHash, usedAt: null },
    data: { usedAt: at },
  });
  return count === 1;
}

export async function deleteToken(db: Db, tokenHash: string): Promise<void> {
  await db.oAuthToken.deleteMany({ where: { tokenHash } });
}
