import type { Db } from "../db";
import { listApiKeys } from "../keys/store";
import { scopesOf } from "../keys/scopes";
import type { KeyView } from "./types";
import type { Access } from "../auth/route";
import { keyCreator } from "../workspaces/store";

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

/** The account's keys, newest first. */
export async function listKeyViews(db: Db, accountId: string): Promise<KeyView[]> {
  return (await listApiKeys(db, accountId)).map(toKeyView);
}
