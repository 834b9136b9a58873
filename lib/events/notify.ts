/**
 * "New changes are committed, up to id N": wakes live streams (and, later, the webhook dispatcher)
 * at once instead of on their next poll. The change feed stays the source of truth; a signal only
 * says "read the feed now", so a lost one delays a reader until the next poll, never loses data.
 *
 * Three ways a signal arrives, fastest first:
 * 1. in-process: a write path calls `notifyChanges` after its transaction committed (the callers
 *    of bumpDataVersion: imports, simulator, seed, point adjustments);
 * 2. Redis pub/sub (REDIS_URL): `notifyChanges` also publishes the head id on CHANGES_CHANNEL, so
 *    every instance wakes its streams, also when the writer is a CLI process (npm run simulate);
 * 3. a poll of the head id every CHANGES_POLL_MS (default 500), one primary-key query per process
 *    shared by all its listeners, run only while someone listens: covers writers in another
 *    process without Redis and any lost message.
 */
import type { Db } from "../platform/db/client";
import { logDebug, logError } from "../platform/log";
import { perProcess } from "../platform/process-state";
import { getRedis, redisConfigured, redisKey, subscribe, whenRedisReady } from "../platform/redis";
import { headId } from "./store";
import { envInt } from "../platform/config";

export type ChangeListener = (head: number) => void;

export const CHANGES_CHANNEL = () => redisKey("changes");
const PUBLISH_WAIT_MS = 500;

export const notifyConfig = {
  pollMs: envInt("CHANGES_POLL_MS"),
};

const state = perProcess("changeNotifier", () => ({
  listeners: new Set<ChangeListener>(),
  /** Highest committed id this process knows of. */
  head: 0,
  timer: undefined as NodeJS.Timeout | undefined,
  polling: false,
  subscribed: false,
  db: null as Db | null,
}));

function wake(head: number): void {
  if (!(head > state.head)) return;
  state.head = head;
  for (const listener of state.listeners) {
    try {
      listener(head);
    } catch (err) {
      logError("change listener failed", err);
    }
  }
}

async function poll(): Promise<void> {
  if (state.polling || !state.db) return;
  state.polling = true;
  try {
    wake(await headId(state.db));
  } catch (err) {
    logDebug("change head poll failed; retried", { reason: (err as Error).message });
  } finally {
    state.polling = false;
  }
}

/** The highest committed change id this process has seen (0 before the first poll). */
export function knownHead(): number {
  return state.head;
}

/**
 * Calls `listener(head)` whenever newer changes are committed (in this process, on another
 * instance through Redis, or found by the shared poll). Returns the unsubscribe function; the
 * poll stops when the last listener leaves.
 */
export function onChanges(db: Db, listener: ChangeListener): () => void {
  state.db ??= db;
  state.listeners.add(listener);
  if (!state.subscribed && redisConfigured()) {
    state.subscribed = true;
    subscribe([CHANGES_CHANNEL()], (_channel, message) => wake(Number(message)));
  }
  if (!state.timer) {
    state.timer = setInterval(() => void poll(), notifyConfig.pollMs);
    state.timer.unref();
    void poll();
  }
  return () => {
    state.listeners.delete(listener);
    if (state.listeners.size || !state.timer) return;
    clearInterval(state.timer);
    state.timer = undefined;
  };
}

/**
 * Call after a write path's transaction committed (never inside it: a reader woken before the
 * commit would find nothing and sleep until the next poll). `known`: the head id the write itself
 * took (saves the read). Never throws.
 */
export async function notifyChanges(db: Db, known?: number): Promise<void> {
  let head: number;
  try {
    head = known ?? (await headId(db));
  } catch (err) {
    logDebug("change head not read; listeners catch up by polling", { reason: (err as Error).message });
    return;
  }
  wake(head);
  const redis = getRedis();
  if (!redis) return;
  try {
    // A CLI process has just opened the connection: give it a moment, then leave it to the poll.
    if (!(await whenRedisReady(PUBLISH_WAIT_MS))) throw new Error("redis not ready");
    await redis.publish(CHANGES_CHANNEL(), String(head));
  } catch (err) {
    logDebug("change signal not published; instances catch up by polling", {
      reason: (err as Error).message,
    });
  }
}
