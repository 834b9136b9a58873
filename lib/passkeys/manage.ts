import { ApiError } from "../platform/errors";
import { recordAudit } from "../audit/store";
import type { Db } from "../platform/db";
import * as store from "./store";

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The user's passkeys for Account: names and dates only (the key material never leaves). */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await store.passkeysOf(db, userId);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<void> {
  if (!(await store.renamePasskeyRow(db, userId, id, name)))
    throw new ApiError("NOT_FOUND", "Passkey not found");
}

type Actor = { userId: string; accountId: string; ip: string | null; userAgent: string | null };

/** Removes one of the user's passkeys (it can no longer sign in), audited. */
export async function removePasskey(db: Db, actor: Actor, id: string): Promise<void> {
  const removed = await db.$transaction(async (tx) => {
    const row = await store.passkeyOfUser(tx, actor.userId, id);
    if (!row || !(await store.deletePasskeyRow(tx, actor.userId, id))) return false;
    await recordAudit(tx, {
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action: "passkey.removed",
      targetType: "passkey",
      targetId: id,
      detail: row.name,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return true;
  });
  if (!removed) throw new ApiError("NOT_FOUND", "Passkey not found");
}
