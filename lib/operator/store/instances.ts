import type { Db } from "../../platform/db";

/** Data access for the instance heartbeat rows (system_state, keys starting with `prefix`). */

export async function writeBeat(db: Db, key: string, value: string): Promise<void> {
  await db.systemState.upsert({ where: { key }, create: { key, value }, update: { value } });
}

/** Deletes the rows under `prefix` not written since `before`. */
export async function forgetBeatsBefore(db: Db, prefix: string, before: Date): Promise<void> {
  await db.systemState.deleteMany({ where: { key: { startsWith: prefix }, updatedAt: { lt: before } } });
}

/** The rows under `prefix` written at or after `since`. */
export const beatsSince = (db: Db, prefix: string, since: Date) =>
  db.systemState.findMany({ where: { key: { startsWith: prefix }, updatedAt: { gte: since } } });
