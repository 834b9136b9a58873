import type { Db } from "../db";
import { recordAudit, type AuditContext } from "../audit";
import { generateKey, type Environment } from "./format";
import { publishRevocation } from "./revocations";

export interface CreateKeyInput {
  accountId: string;
  name: string;
  environment: Environment;
  createdById?: string | null;
  source?: "dashboard" | "cli" | "agent";
}

/** Creates a key and returns the full secret once; only the prefix and the hash are stored. */
export async function createApiKey(db: Db, input: CreateKeyInput, audit?: AuditContext) {
  for (let attempt = 0; ; attempt++) {
    const fresh = generateKey(input.environment);
    try {
      const record = await db.apiKey.create({
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
      await recordAudit(db, {
        accountId: input.accountId,
        actorUserId: input.createdById ?? null,
        action: "key.created",
        targetType: "api_key",
        targetId: record.id,
        detail: `${record.prefix} "${record.name}" (${record.environment})`,
        ...audit,
      });
      return { record, key: fresh.key };
    } catch (err) {
      // A prefix collision (8 base62 chars) is astronomically rare; retry with a new key.
      if (attempt < 3 && String(err).includes("Unique constraint")) continue;
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
  const updated = await db.apiKey.update({
    where: { id: key.id },
    data: { revokedAt: new Date(), revokedById },
  });
  await recordAudit(db, {
    accountId: key.accountId,
    actorUserId: revokedById,
    action: "key.revoked",
    targetType: "api_key",
    targetId: key.id,
    detail: `${key.prefix} "${key.name}" (${key.environment})`,
    ...audit,
  });
  for (const listener of revocationListeners) listener(key.prefix);
  // Other instances (and this one's other module graph) hear it over Redis; no-op without REDIS_URL.
  await publishRevocation(key.prefix);
  return updated;
}

/**
 * In-process subscribers (the key cache, Redis pub/sub) told at once when a key is revoked. Kept on
 * globalThis because Next bundles its own copy of this module: the dashboard's revoke (inside the
 * Next bundle) must reach the key cache of the lean /v1 server (loaded by tsx) in the same process.
 */
const globalForKeys = globalThis as unknown as { statlineRevocationListeners?: Set<(prefix: string) => void> };
const revocationListeners = (globalForKeys.statlineRevocationListeners ??= new Set<(prefix: string) => void>());
export function onKeyRevoked(listener: (prefix: string) => void): () => void {
  revocationListeners.add(listener);
  return () => revocationListeners.delete(listener);
}

export function listApiKeys(db: Db, accountId: string) {
  return db.apiKey.findMany({
    where: { accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true, name: true, environment: true, prefix: true, source: true, createdAt: true,
      revokedAt: true, lastUsedAt: true,
      createdBy: { select: { email: true, name: true } },
      revokedBy: { select: { email: true, name: true } },
    },
  });
}
