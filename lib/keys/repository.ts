import { perProcess } from "../process-state";
import type { Db } from "../db";
import { recordAudit, type AuditContext } from "../audit";
import type { Caller } from "./caller";
import { generateKey, type Environment } from "./format";
import { publishRevocation } from "./revocations";

export interface CreateKeyInput {
  accountId: string;
  name: string;
  environment: Environment;
  createdById?: string | null;
  source?: "dashboard" | "cli" | "agent";
}

/** Prisma's error code for a unique-constraint violation (the driver adapters keep it). */
const UNIQUE_VIOLATION = "P2002";

/**
 * Creates a key and its audit record in one transaction and returns the full secret once; only
 * the prefix and the hash are stored.
 */
export async function createApiKey(db: Db, input: CreateKeyInput, audit?: AuditContext) {
  for (let attempt = 0; ; attempt++) {
    const fresh = generateKey(input.environment);
    try {
      const record = await db.$transaction(async (tx) => {
        const created = await tx.apiKey.create({
          data: {
            accountId: input.accountId,
            name: input.name,
            environment: input.environment,
            prefix: fresh.prefix,
            secretHash: fresh.secretHash,
            source: input.source ?? "dashboard",
            createdById: input.createdById ?? null,
          },
        });
        await recordAudit(tx, {
          accountId: input.accountId,
          actorUserId: input.createdById ?? null,
          action: "key.created",
          targetType: "api_key",
          targetId: created.id,
          detail: `${created.prefix} "${created.name}" (${created.environment})`,
          ...audit,
        });
        return created;
      });
      return { record, key: fresh.key };
    } catch (err) {
      // A prefix collision (8 base62 chars) is astronomically rare; retry with a new key.
      if (attempt < 3 && (err as { code?: unknown }).code === UNIQUE_VIOLATION) continue;
      throw err;
    }
  }
}

/** Marks a key revoked (idempotent). Returns null when the account has no such key. */
export async function revokeApiKey(
  db: Db,
  where: { accountId?: string; id?: string; prefix?: string },
  revokedById: string | null,
  audit?: AuditContext,
) {
  const key = await db.apiKey.findFirst({
    where: { id: where.id, prefix: where.prefix, accountId: where.accountId },
  });
  if (!key) return null;
  if (key.revokedAt) return key;
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.apiKey.update({
      where: { id: key.id },
      data: { revokedAt: new Date(), revokedById },
    });
    await recordAudit(tx, {
      accountId: key.accountId,
      actorUserId: revokedById,
      action: "key.revoked",
      targetType: "api_key",
      targetId: key.id,
      detail: `${key.prefix} "${key.name}" (${key.environment})`,
      ...audit,
    });
    return row;
  });
  for (const listener of revocationListeners) listener(key.prefix);
  // Other instances (and this one's other module graph) hear it over Redis; no-op without REDIS_URL.
  await publishRevocation(key.prefix);
  return updated;
}

/**
 * In-process subscribers (the key cache, Redis pub/sub) told at once when a key is revoked. One set
 * per process (lib/process-state.ts): the dashboard's revoke runs in Next's copy of this module and
 * must reach the key cache of the lean /v1 server.
 */
const revocationListeners = perProcess("revocationListeners", () => new Set<(prefix: string) => void>());
export function onKeyRevoked(listener: (prefix: string) => void): () => void {
  revocationListeners.add(listener);
  return () => revocationListeners.delete(listener);
}

const KEY_LIST_FIELDS = {
  id: true,
  name: true,
  environment: true,
  prefix: true,
  source: true,
  createdAt: true,
  revokedAt: true,
  lastUsedAt: true,
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

export interface AuthKeyRecord {
  caller: Caller;
  secretHash: string;
  revoked: boolean;
}

/** The one query of key authentication: what verifying a key needs, by its prefix. */
export async function findKeyForAuth(db: Db, prefix: string): Promise<AuthKeyRecord | null> {
  const row = await db.apiKey.findUnique({
    where: { prefix },
    select: {
      id: true,
      accountId: true,
      environment: true,
      secretHash: true,
      revokedAt: true,
      account: { select: { plan: true } },
    },
  });
  if (!row) return null;
  return {
    caller: {
      keyId: row.id,
      accountId: row.accountId,
      prefix,
      environment: row.environment === "live" ? "live" : "test",
      plan: row.account.plan,
    },
    secretHash: row.secretHash,
    revoked: row.revokedAt !== null,
  };
}
