import os from "node:os";
import type { Db } from "../platform/db";
import { logDebug } from "../platform/log";
import { beatsSince, forgetBeatsBefore, writeBeat } from "./store/instances";

/** system_state rows named instance:<host>:<pid>, one per running server. */
export const INSTANCE_PREFIX = "instance:";

export interface InstanceFigures {
  /** Metering: how long the oldest unflushed request has waited (null before the first flush). */
  flushLagMs: number | null;
  pendingRequests: number;
  responseCacheBytes: number;
  responseCacheEntries: number;
  keyCacheEntries: number;
}

export interface InstanceSeen extends InstanceFigures {
  id: string;
  startedAt: string;
  seenAt: string;
}

/** Beats this often; an instance silent for SEEN_WITHIN_MS is no longer listed. */
export const HEARTBEAT_MS = 15_000;
export const SEEN_WITHIN_MS = 60_000;
const FORGET_AFTER_MS = 24 * 3_600_000;

/**
 * Each server writes its own row every 15 s (one small upsert; nothing on the request path), so
 * the console on any instance can show every instance's figures. Rows of instances gone for a day
 * are deleted by whichever instance beats.
 */
export function startHeartbeat(db: Db, figures: () => InstanceFigures): () => void {
  const id = `${os.hostname()}:${process.pid}`;
  const key = `${INSTANCE_PREFIX}${id}`;
  const startedAt = new Date().toISOString();
  const beat = async () => {
    try {
      const value = JSON.stringify({ id, startedAt, ...figures() });
      await writeBeat(db, key, value);
      await forgetBeatsBefore(db, INSTANCE_PREFIX, new Date(Date.now() - FORGET_AFTER_MS));
    } catch (err) {
      logDebug("instance heartbeat failed", { reason: (err as Error).message });
    }
  };
  void beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Instances that beat within the last minute, newest start first. */
export async function instancesSeen(db: Db, now = Date.now()): Promise<InstanceSeen[]> {
  const rows = await beatsSince(db, INSTANCE_PREFIX, new Date(now - SEEN_WITHIN_MS));
  const seen: InstanceSeen[] = [];
  for (const row of rows) {
    try {
      const v = JSON.parse(row.value) as Omit<InstanceSeen, "seenAt">;
      seen.push({ ...v, seenAt: row.updatedAt.toISOString() });
    } catch {
      // A row this version cannot read: skipped.
    }
  }
  return seen.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}
