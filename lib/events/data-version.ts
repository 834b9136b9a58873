import { db } from "../db";
import { notifyChanges } from "./notify";

/** The system_state row whose value changes whenever sports data does. */
export const DATA_VERSION_KEY = "data_version";

/**
 * The data-changed signal. Called by every writer of sports data (seed, import, the simulator,
 * point adjustments) after it committed: the one post-commit point of every write path. Each
 * instance's response cache polls the version (lib/api/cache.ts, watchDataVersion) and live
 * streams are woken through the change notifier (lib/events/notify.ts).
 */
export async function bumpDataVersion(): Promise<void> {
  const value = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await db.systemState.upsert({
    where: { key: DATA_VERSION_KEY },
    create: { key: DATA_VERSION_KEY, value },
    update: { value },
  });
  await notifyChanges(db);
}

/** The current data version, null before the first write. */
export async function readDataVersion(): Promise<string | null> {
  const row = await db.systemState.findUnique({ where: { key: DATA_VERSION_KEY } });
  return row?.value ?? null;
}
