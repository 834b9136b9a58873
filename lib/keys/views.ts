import { notFound } from "../platform/errors";
import type { Access } from "../auth/route";
import type { Db } from "../platform/db";
import { can, type Role } from "../workspaces/permissions";
import { grantLastUses } from "../oauth/store";
import { keyCreator } from "../workspaces/store";
import { findListedKey, listApiKeys } from "./store";
import { scopesOf } from "./scopes";

// What the dashboard's key routes answer, shared by the route handlers and the client hooks. Dates
// travel as ISO strings. No type here may ever carry a full API key except CreatedKey.

export interface PersonRef {
  email: string;
  name: string | null;
}

export interface KeyView {
  id: string;
  name: string;
  environment: "live" | "test";
  /** The 16-character display prefix, e.g. sk_test_AbCdEfGh. */
  prefix: string;
  source: string;
  createdAt: string;
  createdBy: PersonRef | null;
  /** Who created it: a developer may change only the keys it created (KEY_MANAGE). */
  createdById: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: PersonRef | null;
  expiresAt: string | null;
  disabledAt: string | null;
  /** Granted scopes (lib/keys/scopes.ts); every scope when unrestricted. */
  scopes: string[];
  restricted: boolean;
  allowedIps: string[];
  rateLimit: number | null;
  unitCap: number | null;
  note: string | null;
  /** Prefixes of the key this one replaced by a roll, and of the key that replaced it. */
  rolledFrom: string | null;
  rolledTo: string | null;
}

/** The create answer: the only place the full key ever appears. */
export interface CreatedKey {
  key: KeyView;
  secret: string;
}

/** Every route acting on one key: admins and owners on any, developers on the keys they created. */
export const KEY_MANAGE: Access = { action: "keys.manage", ownerOf: keyCreator };

type KeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

/** The dashboard's view of a key: display fields only (never the hash), dates as ISO strings. */
export function toKeyView(k: KeyRow): KeyView {
  return {
    id: k.id,
    name: k.name,
    environment: k.environment === "live" ? "live" : "test",
    prefix: k.prefix,
    source: k.source,
    createdAt: k.createdAt.toISOString(),
    createdBy: k.createdBy,
    createdById: k.createdById,
    // Written by metering at most once a minute per key (lib/usage/store.ts).
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    revokedBy: k.revokedBy,
    expiresAt: k.expiresAt?.toISOString() ?? null,
    disabledAt: k.disabledAt?.toISOString() ?? null,
    scopes: scopesOf(k.scopes),
    restricted: k.scopes !== null,
    allowedIps: k.allowedIps ? k.allowedIps.split(",") : [],
    rateLimit: k.rateLimit,
    unitCap: k.unitCap,
    note: k.note,
    rolledFrom: k.rolledFrom?.prefix ?? null,
    rolledTo: k.rolledTo?.prefix ?? null,
  };
}

/**
 * A connected app's key was last used when its connection last called (/mcp), as "Connected apps"
 * says, if that is later than the key's own metered use.
 */
async function withConnectionUse(db: Db, views: KeyView[]): Promise<KeyView[]> {
  const uses = await grantLastUses(
    db,
    views.filter((v) => v.source === "agent").map((v) => v.id),
  );
  return views.map((v) => {
    const used = uses.get(v.id)?.toISOString();
    return used && (!v.lastUsedAt || used > v.lastUsedAt) ? { ...v, lastUsedAt: used } : v;
  });
}

/** The account's keys, newest first. */
export async function listKeyViews(db: Db, accountId: string): Promise<KeyView[]> {
  return withConnectionUse(db, (await listApiKeys(db, accountId)).map(toKeyView));
}

/** One key as a route answers it after a change; a key gone meanwhile is 404. */
export async function keyViewOf(db: Db, id: string): Promise<KeyView> {
  const listed = await findListedKey(db, id);
  if (!listed) throw notFound("API key");
  return (await withConnectionUse(db, [toKeyView(listed)]))[0];
}

/** A key's own page: the key, and whether the viewer's role may act on it (edit, roll, disable, revoke). */
export interface KeyPage {
  key: KeyView;
  mayManage: boolean;
}

/**
 * One key of the workspace for its page; every member may read it (keys.read). Another
 * workspace's key and an unknown id are the same 404, so nothing tells them apart.
 */
export async function keyPageOf(
  db: Db,
  viewer: { id: string; accountId: string; role: Role },
  id: string,
): Promise<KeyPage> {
  const owner = await keyCreator(db, viewer.accountId, id);
  if (owner === undefined) throw notFound("API key");
  const verdict = can(viewer.role, "keys.manage");
  const mayManage = verdict.ok && (verdict.value === "all" || owner === viewer.id);
  return { key: await keyViewOf(db, id), mayManage };
}
