import type { Result } from "../platform/errors";
import type { Db } from "../platform/db";
import { recordAudit, type AuditContext } from "../audit/store";
import { generateKey, type Environment } from "./format";
import type { KeyPatch } from "./options";
import { credentialRefusal, type Issuer } from "./issuing";
import { scopesOf } from "./scopes";
import {
  accountKeyRefusal,
  announceKeyChange,
  describeOptions,
  ingestScopeRefusal,
  optionColumns,
} from "./service";
import { findKey, findKeyWithSuccessor, insertKey, successorOf, updateKey, type KeyWhere } from "./store";

export type LifecycleResult<T> = Result<T, "NOT_FOUND" | "CONFLICT" | "FORBIDDEN">;

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
    await updateKey(tx, key.id, { disabledAt: disabled ? now : null, changedAt: now });
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
  issuer?: Issuer,
): Promise<LifecycleResult<{ oldId: string; oldPrefix: string; id: string; prefix: string; key: string }>> {
  const old = await findKeyWithSuccessor(db, where);
  if (!old) return notFound;
  const now = Date.now();
  if (old.revokedAt || old.disabledAt || (old.expiresAt && old.expiresAt.getTime() <= now))
    return conflict("Only an active key can be rolled");
  if (old.rolledTo) return conflict(`This key was already rolled to ${old.rolledTo.prefix}`);
  // A roll issues a new secret: the issuing policy of a new key with the same environment and
  // scopes (the person's rules when a person asks; the account's always).
  const ask = { environment: old.environment as Environment, scopes: scopesOf(old.scopes) };
  const forbidden = issuer
    ? await credentialRefusal(db, issuer, { ...ask, action: "keys.manage" })
    : await accountKeyRefusal(db, old.accountId, ask.scopes);
  if (forbidden) return { ok: false, code: "FORBIDDEN", message: forbidden };
  const graceEnd = new Date(now + graceMs);
  const oldExpiry = old.expiresAt && old.expiresAt < graceEnd ? old.expiresAt : graceEnd;
  const lifetime = old.expiresAt ? old.expiresAt.getTime() - old.createdAt.getTime() : null;
  const fresh = generateKey(old.environment as Environment);
  const created = await db.$transaction(async (tx) => {
    await updateKey(tx, old.id, { expiresAt: oldExpiry, changedAt: new Date(now) });
    const row = await insertKey(tx, {
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

type KeyRow = NonNullable<Awaited<ReturnType<typeof findKey>>>;
type Columns = ReturnType<typeof optionColumns> & { name: string };

const shown = (column: keyof Columns, v: string | number | Date | null): string => {
  if (v === null) return column === "scopes" ? "all" : column === "expiresAt" ? "never" : "none";
  return v instanceof Date
    ? v.toISOString()
    : column === "name" || column === "note"
      ? JSON.stringify(v)
      : String(v);
};

/** The columns an edit states, with "column old -> new" for each one that actually changes. */
function changesOf(key: KeyRow, patch: KeyPatch): { data: Partial<Columns>; described: string[] } {
  const all: Columns = { ...optionColumns(patch), name: patch.name ?? key.name };
  const data: Partial<Columns> = {};
  const described: string[] = [];
  for (const column of Object.keys(all) as (keyof Columns)[]) {
    if (!(column in patch)) continue;
    const before = key[column];
    const after = all[column];
    if (
      (before instanceof Date ? before.getTime() : before) ===
      (after instanceof Date ? after.getTime() : after)
    )
      continue;
    Object.assign(data, { [column]: after });
    described.push(`${column} ${shown(column, before)} -> ${shown(column, after)}`);
  }
  return { data, described };
}

/**
 * Edits a key in place (Unkey's and Stripe's "edit key"): name, note, scopes, IP allowlist, limits
 * and expiry; only the stated fields change. Audited as key.updated with what changed, and
 * announced like a revocation (changedAt + pub/sub) so every instance applies it within the same
 * bound. A revoked or expired key cannot be edited (revocation is final, expiry fails like it), nor
 * a rolled key in its grace period (its expiry is the grace end: edit the new key instead).
 */
export async function updateApiKey(
  db: Db,
  where: KeyWhere,
  patch: KeyPatch,
  actorUserId: string | null,
  audit?: AuditContext,
): Promise<LifecycleResult<{ id: string; prefix: string; changes: string[] }>> {
  const key = await findKey(db, where);
  if (!key) return notFound;
  if (key.revokedAt) return conflict("This key is revoked; revocation is final");
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now())
    return conflict("This key has expired; create or roll a new one");
  const rolledTo = await successorOf(db, key.id);
  if (rolledTo) return conflict(`This key was rolled to ${rolledTo.prefix}; edit that key instead`);
  const forbidden = await ingestScopeRefusal(db, key.accountId, patch.scopes);
  if (forbidden) return { ok: false, code: "FORBIDDEN", message: forbidden };
  const { data, described } = changesOf(key, patch);
  const value = { id: key.id, prefix: key.prefix, changes: described };
  if (!described.length) return { ok: true, value };
  await db.$transaction(async (tx) => {
    await updateKey(tx, key.id, { ...data, changedAt: new Date() });
    await recordAudit(tx, {
      accountId: key.accountId,
      actorUserId,
      action: "key.updated",
      targetType: "api_key",
      targetId: key.id,
      detail: `${key.prefix} "${key.name}" (${key.environment}): ${described.join("; ")}`,
      ...audit,
    });
  });
  await announceKeyChange(key.prefix);
  return { ok: true, value };
}
