import type { Db } from "../db";
import { recordAudit, type AuditContext } from "../audit";
import { generateKey, type Environment } from "./format";
import { announceKeyChange, describeOptions, optionColumns, type KeyOptions } from "./repository";

type KeyWhere = { accountId?: string; id?: string; prefix?: string };

function findKey(db: Db, where: KeyWhere) {
  return db.apiKey.findFirst({ where: { id: where.id, prefix: where.prefix, accountId: where.accountId } });
}

export type LifecycleResult<T> =
  { ok: true; value: T } | { ok: false; code: "NOT_FOUND" | "CONFLICT"; message: string };

const notFound = { ok: false, code: "NOT_FOUND", message: "API key not found" } as const;
const conflict = (message: string) => ({ ok: false, code: "CONFLICT", message }) as const;

function humanGrace(ms: number): string {
  if (ms === 0) return "none";
  if (ms % 86_400_000 === 0) return `${ms / 86_400_000}d`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  return `${Math.round(ms / 60_000)}m`;
}

/**
 * Disables (reversible) or re-enables a key. Disabled keys answer 401 "Invalid API key" like revoked
 * ones; every instance forgets the cached row within the revocation bound (changedAt + pub/sub).
 */
export async function setKeyDisabled(
  db: Db,
  where: KeyWhere,
  disabled: boolean,
  actorUserId: string | null,
  audit?: AuditContext,
): Promise<LifecycleResult<{ id: string; prefix: string }>> {
  const key = await findKey(db, where);
  if (!key) return notFound;
  if (key.revokedAt) return conflict("This key is revoked; revocation is final");
  if ((key.disabledAt !== null) === disabled) return { ok: true, value: key };
  const now = new Date();
  await db.$transaction(async (tx) => {
    await tx.apiKey.update({
      where: { id: key.id },
      data: { disabledAt: disabled ? now : null, changedAt: now },
    });
    await recordAudit(tx, {
      accountId: key.accountId,
      actorUserId,
      action: disabled ? "key.disabled" : "key.enabled",
      targetType: "api_key",
      targetId: key.id,
      detail: `${key.prefix} "${key.name}" (${key.environment})`,
      ...audit,
    });
  });
  await announceKeyChange(key.prefix);
  return { ok: true, value: key };
}

/**
 * Rolls a key (Stripe's "roll key"): a new secret with the same name, environment, scopes, limits
 * and note, linked to the old row (rolledFromId). The old key keeps working until now + grace, then
 * fails like a revoked key (its expiresAt, checked in memory on every request). A key with an
 * expiry passes on the same lifetime. Returns the new full key once.
 */
export async function rollApiKey(
  db: Db,
  where: KeyWhere,
  graceMs: number,
  actorUserId: string | null,
  audit?: AuditContext,
): Promise<LifecycleResult<{ oldId: string; oldPrefix: string; id: string; prefix: string; key: string }>> {
  const old = await db.apiKey.findFirst({
    where: { id: where.id, prefix: where.prefix, accountId: where.accountId },
    include: { rolledTo: { select: { prefix: true } } },
  });
  if (!old) return notFound;
  const now = Date.now();
  if (old.revokedAt || old.disabledAt || (old.expiresAt && old.expiresAt.getTime() <= now))
    return conflict("Only an active key can be rolled");
  if (old.rolledTo) return conflict(`This key was already rolled to ${old.rolledTo.prefix}`);
  const graceEnd = new Date(now + graceMs);
  const oldExpiry = old.expiresAt && old.expiresAt < graceEnd ? old.expiresAt : graceEnd;
  const lifetime = old.expiresAt ? old.expiresAt.getTime() - old.createdAt.getTime() : null;
  const fresh = generateKey(old.environment as Environment);
  const created = await db.$transaction(async (tx) => {
    await tx.apiKey.update({
      where: { id: old.id },
      data: { expiresAt: oldExpiry, changedAt: new Date(now) },
    });
    const row = await tx.apiKey.create({
      data: {
        accountId: old.accountId,
        name: old.name,
        environment: old.environment,
        prefix: fresh.prefix,
        secretHash: fresh.secretHash,
        source: old.source,
        createdById: actorUserId ?? old.createdById,
        rolledFromId: old.id,
        expiresAt: lifetime === null ? null : new Date(now + lifetime),
        scopes: old.scopes,
        allowedIps: old.allowedIps,
        rateLimit: old.rateLimit,
        unitCap: old.unitCap,
        note: old.note,
      },
    });
    await recordAudit(tx, {
      accountId: old.accountId,
      actorUserId,
      action: "key.rolled",
      targetType: "api_key",
      targetId: old.id,
      detail: `${old.prefix} -> ${row.prefix} "${old.name}" (${old.environment}); old key works until ${oldExpiry.toISOString()} (grace ${humanGrace(graceMs)})${describeOptions(row)}`,
      ...audit,
    });
    return row;
  });
  await announceKeyChange(old.prefix);
  return {
    ok: true,
    value: { oldId: old.id, oldPrefix: old.prefix, id: created.id, prefix: created.prefix, key: fresh.key },
  };
}

/**
 * Changes a key's restrictions (scopes, IPs, limits, note; not its expiry) in place, audited, and
 * announced like a revocation so every instance applies them within the same bound.
 */
export async function updateKeyRestrictions(
  db: Db,
  where: KeyWhere,
  options: Omit<KeyOptions, "expiresAt">,
  actorUserId: string | null,
  audit?: AuditContext,
): Promise<LifecycleResult<{ id: string; prefix: string }>> {
  const key = await findKey(db, where);
  if (!key) return notFound;
  if (key.revokedAt) return conflict("This key is revoked; revocation is final");
  const columns = { ...optionColumns(options), expiresAt: key.expiresAt };
  await db.$transaction(async (tx) => {
    const row = await tx.apiKey.update({
      where: { id: key.id },
      data: { ...columns, changedAt: new Date() },
    });
    await recordAudit(tx, {
      accountId: key.accountId,
      actorUserId,
      action: "key.updated",
      targetType: "api_key",
      targetId: key.id,
      detail: `${key.prefix} "${key.name}" (${key.environment})${describeOptions(row) || "; unrestricted"}`,
      ...audit,
    });
  });
  await announceKeyChange(key.prefix);
  return { ok: true, value: key };
}
