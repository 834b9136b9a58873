import { db } from "../platform/db";
import { notifyChanges } from "./notify";
import { setSystemState, systemStates } from "./store";

/** The system_state row whose value changes whenever sports data does. */
export const DATA_VERSION_KEY = "data_version";
/** The row that changes when only odds points did (an odds-only write leaves data_version alone). */
export const ODDS_VERSION_KEY = "data_version.odds";

/**
 * What a write changed: "all" (any sports data) or "odds" (odds points only). Response caches drop
 * every entry for "all" and only the entries of routes that read odds for "odds"
 * (RouteDef.readsOdds), so a live odds feed does not empty /v1/teams' cache several times a second.
 */
export type DataScope = "all" | "odds";

export interface DataVersions {
  all: string | null;
  odds: string | null;
}

/**
 * The data-changed signal. Called by every writer of sports data (seed, import, the simulator,
 * point adjustments, the ingest API) after it committed: the one post-commit point of every write
 * path. Each instance's response cache polls the versions (lib/api/cache.ts, watchDataVersion) and
 * live streams are woken through the change notifier (lib/events/notify.ts).
 */
export async function bumpDataVersion(scope: DataScope = "all"): Promise<void> {
  const { key, value } = newDataVersion(scope);
  await setSystemState(db, key, value);
  await notifyChanges(db);
}

/**
 * The version row and a fresh value, for a writer that sets it in its own transaction instead (the
 * ingest API's SQLite odds batches, lib/ingest/store/odds-sqlite.ts), then calls notifyChanges.
 */
export function newDataVersion(scope: DataScope): { key: string; value: string } {
  return {
    key: scope === "odds" ? ODDS_VERSION_KEY : DATA_VERSION_KEY,
    value: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
  };
}

/** The current versions, null before the first write of their scope. */
export async function readDataVersions(): Promise<DataVersions> {
  const rows = await systemStates(db, [DATA_VERSION_KEY, ODDS_VERSION_KEY]);
  return { all: rows.get(DATA_VERSION_KEY) ?? null, odds: rows.get(ODDS_VERSION_KEY) ?? null };
}
