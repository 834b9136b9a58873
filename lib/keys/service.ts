import { perProcess } from "../platform/process-state";
import type { Db, DbOrTx, Tx } from "../platform/db";
import { recordAudit, type AuditContext } from "../audit/store";
import { INGEST_SCOPE, storedScopes, type Scope } from "./scopes";
import { generateKey, type Environment } from "./format";
import { publishRevocation } from "./revocations";
import { envInt } from "../platform/config";
import { ApiError } from "../platform/errors";
import {
  accountKeyStanding,
  countUsableKeys,
  findKey,
  insertKey as insertKeyRow,
  lockAccount,
  unrevokedPrefixes,
  updateKey,
} from "./store";

export interface CreateKeyInput {
  accountId: string;
  name: string;
  environment: Environment;
  createdById?: string | null;
  source?: "dashboard" | "cli" | "agent";
  /** Restrictions and lifecycle (lib/keys/options.ts validates them); all optional. */
  options?: KeyOptions;
  /** Set by a roll: the key this one replaces. */
  rolledFromId?: string;
}

export interface KeyOptions {
  expiresAt?: Date | null;
  /** null/undefined or every scope = unrestricted. */
  scopes?: readonly Scope[] | null;
  allowedIps?: readonly string[] | null;
  rateLimit?: number | null;
  unitCap?: number | null;
  note?: string | null;
}

export function optionColumns(o: KeyOptions = {}) {
  return {
    expiresAt: o.expiresAt ?? null,
    scopes: storedScopes(o.scopes),
    allowedIps: o.allowedIps?.length ? o.allowedIps.join(",") : null,
    rateLimit: o.rateLimit ?? null,
    unitCap: o.unitCap ?? null,
    note: o.note?.trim() ? o.note.trim().slice(0, 500) : null,
  };
}

/** KEYS_PER_ACCOUNT_MAX (default 50): usable keys per account, so per-key limits cannot be multiplied. */
export function keysPerAccountMax(): number {
  return envInt("KEYS_PER_ACCOUNT_MAX");
}

/** null when the account may create another key, else the refusal message. */
async function keyCapRefusal(tx: Tx, accountId: string): Promise<string | null> {
  const max = keysPerAccountMax();
  const active = await countUsableKeys(tx, accountId, new Date());
  return active >= max
    ? `This account already has ${active} active keys (the maximum is ${max}); revoke one first`
    : null;
}

export const INGEST_OPERATORS_ONLY =
  "Only operator accounts may hold the 'ingest' scope (npm run admin -- operator grant --email <e>)";
export const SUSPENDED_KEY_MESSAGE =
  "This account is suspended: no key can be created or rolled until an operator reinstates it";

/** null when the account may hold these scopes; `ingest` needs an operator account. */
export async function ingestScopeRefusal(
  db: DbOrTx,
  accountId: string,
  scopes: readonly Scope[] | null | undefined,
): Promise<string | null> {
  if (!scopes?.includes(INGEST_SCOPE)) return null;
  return (await accountKeyStanding(db, accountId))?.operator ? null : INGEST_OPERATORS_ONLY;
}

/**
 * null when the account may receive a new key with these scopes: not suspended, and `ingest` only
 * in an operator account. Checked again inside every insert, whoever asked (lib/keys/issuing.ts
 * adds the person's rules before that).
 */
export async function accountKeyRefusal(
  db: DbOrTx,
  accountId: string,
  scopes: readonly Scope[] | null | undefined,
): Promise<string | null> {
  const account = await accountKeyStanding(db, accountId);
  if (account?.suspendedAt) return SUSPENDED_KEY_MESSAGE;
  if (scopes?.includes(INGEST_SCOPE) && !account?.operator) return INGEST_OPERATORS_ONLY;
  return null;
}

/** Prisma's error code for a unique-constraint violation (the driver adapters keep it). */
const UNIQUE_VIOLATION = "P2002";

type KeyRecord = Awaited<ReturnType<Db["apiKey"]["create"]>>;

/** The key row and its audit record; its transaction has already asked accountKeyRefusal. */
async function insertKey(
  tx: Tx,
  input: CreateKeyInput,
  fresh: ReturnType<typeof generateKey>,
  audit?: AuditContext,
) {
  const created = await insertKeyRow(tx, {
    accountId: input.accountId,
    name: input.name,
    environment: input.environment,
    prefix: fresh.prefix,
    secretHash: fresh.secretHash,
    source: input.source ?? "dashboard",
    createdById: input.createdById ?? null,
    rolledFromId: input.rolledFromId ?? null,
    ...optionColumns(input.options),
  });
  await recordAudit(tx, {
    accountId: input.accountId,
    actorUserId: input.createdById ?? null,
    action: "key.created",
    targetType: "api_key",
    targetId: created.id,
    detail: `${created.prefix} "${created.name}" (${created.environment})${describeOptions(created)}`,
    ...audit,
  });
  return created;
}

/** Runs a create, retrying on a prefix collision (8 base62 chars: astronomically rare). */
async function withFreshKey<T>(
  input: CreateKeyInput,
  create: (fresh: ReturnType<typeof generateKey>) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await create(generateKey(input.environment));
    } catch (err) {
      if (attempt < 3 && (err as { code?: unknown }).code === UNIQUE_VIOLATION) continue;
      throw err;
    }
  }
}

/**
 * Creates a key and its audit record in one transaction and returns the full secret once; only
 * the prefix and the hash are stored. No cap: the handoff exchange and tests; people and
 * operators create keys through createCappedApiKey.
 */
export function createApiKey(db: Db, input: CreateKeyInput, audit?: AuditContext) {
  return withFreshKey(input, async (fresh) => {
    const record = await db.$transaction(async (tx) => {
      const refused = await accountKeyRefusal(tx, input.accountId, input.options?.scopes);
      if (refused) throw new ApiError("FORBIDDEN", refused);
      return insertKey(tx, input, fresh, audit);
    });
    return { record, key: fresh.key };
  });
}

export type CappedCreate =
  | { ok: true; record: KeyRecord; key: string }
  | { ok: false; code: "CONFLICT" | "FORBIDDEN"; message: string };

/**
 * createApiKey within KEYS_PER_ACCOUNT_MAX: the count and the insert are one transaction under
 * the account's lock, so parallel creates cannot pass the cap (dashboard and admin CLI).
 */
export function createCappedApiKey(
  db: Db,
  input: CreateKeyInput,
  audit?: AuditContext,
): Promise<CappedCreate> {
  return withFreshKey(input, (fresh) =>
    db.$transaction(async (tx): Promise<CappedCreate> => {
      await lockAccount(tx, input.accountId);
      const refusal = await keyCapRefusal(tx, input.accountId);
      if (refusal) return { ok: false, code: "CONFLICT", message: refusal };
      const forbidden = await accountKeyRefusal(tx, input.accountId, input.options?.scopes);
      if (forbidden) return { ok: false, code: "FORBIDDEN", message: forbidden };
      return { ok: true, record: await insertKey(tx, input, fresh, audit), key: fresh.key };
    }),
  );
}

/** Marks a key revoked (idempotent). Returns null when the account has no such key. */
export async function revokeApiKey(
  db: Db,
  where: { accountId?: string; id?: string; prefix?: string },
  revokedById: string | null,
  audit?: AuditContext,
) {
  const key = await findKey(db, where);
  if (!key) return null;
  if (key.revokedAt) return key;
  const updated = await db.$transaction(async (tx) => {
    const row = await updateKey(tx, key.id, { revokedAt: new Date(), revokedById });
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
  await announceKeyChange(key.prefix);
  return updated;
}

/**
 * Tells this process's key cache at once and every other instance over Redis (no-op without
 * REDIS_URL; the database poll in lib/keys/revocations.ts is the backstop) that a key changed:
 * revoked, disabled, enabled, rolled or edited. Caches drop the prefix and reload the row.
 */
export async function announceKeyChange(prefix: string): Promise<void> {
  for (const listener of revocationListeners) listener(prefix);
  await publishRevocation(prefix);
}

/** Announces every unrevoked key of an account (a suspension or a plan change reaches each instance). */
export async function announceAccountKeys(db: Db, accountId: string): Promise<void> {
  for (const prefix of await unrevokedPrefixes(db, accountId)) await announceKeyChange(prefix);
}

/** The restrictions in an audit line: " expires …, scopes …". */
export function describeOptions(k: {
  expiresAt: Date | null;
  scopes: string | null;
  allowedIps: string | null;
  rateLimit: number | null;
  unitCap: number | null;
}): string {
  const parts = [
    k.expiresAt && `expires ${k.expiresAt.toISOString()}`,
    k.scopes !== null && `scopes ${k.scopes}`,
    k.allowedIps && `IPs ${k.allowedIps}`,
    k.rateLimit !== null && `${k.rateLimit}/min`,
    k.unitCap !== null && `cap ${k.unitCap} units/month`,
  ].filter(Boolean);
  return parts.length ? `; ${parts.join("; ")}` : "";
}

/**
 * In-process subscribers (the key cache, Redis pub/sub) told at once when a key is revoked. One set
 * per process (lib/platform/process-state.ts): the dashboard's revoke runs in Next's copy of this module and
 * must reach the key cache of the lean /v1 server.
 */
const revocationListeners = perProcess("revocationListeners", () => new Set<(prefix: string) => void>());
export function onKeyRevoked(listener: (prefix: string) => void): () => void {
  revocationListeners.add(listener);
  return () => revocationListeners.delete(listener);
}
