import { db } from "../platform/db";
import { logDebug, logWarn } from "../platform/log";
import { metrics } from "../platform/metrics";
import { getRedis, redisConfigured, redisKey, subscribe, whenRedisReady } from "../platform/redis";
import { envInt } from "../platform/config";
import { keysChangedSince } from "./store";

/**
 * Revocation (and every other key lifecycle change: disable, enable, roll, edit) reaching every
 * instance. Three layers, fastest first:
 * 1. in-process listeners (lib/keys/service.ts onKeyRevoked) on the revoking instance;
 * 2. Redis pub/sub on REVOCATION_CHANNEL, published by whoever revokes (dashboard, admin CLI,
 *    handoff) - typically milliseconds;
 * 3. a DB poll of recently revoked keys every REVOCATION_POLL_MS (default 500) as the backstop
 *    when pub/sub drops a message or Redis is down. It runs whenever the key cache TTL alone
 *    would not bound the lag (KEY_CACHE_TTL_MS > 1000, the scale-out default). The bound is
 *    therefore poll interval + one poll query (< 1 s under load), independent of Redis. At 1000 ms
 *    the dropped-message trials of tests/reliability/scale-out.test.ts took up to 1.8 s under load;
 *    the poll is one indexed query per instance, twice a second.
 */
export const REVOCATION_CHANNEL = () => redisKey("revocations");

const PUBLISH_WAIT_MS = 500;

/** Tells every instance to forget a key; a no-op without REDIS_URL. Never throws. */
export async function publishRevocation(prefix: string): Promise<void> {
  const redis = getRedis();
  if (!redis) return;
  try {
    // A CLI process has just opened the connection: give it a moment, then give up (poll covers it).
    if (!(await whenRedisReady(PUBLISH_WAIT_MS))) throw new Error("redis not ready");
    await redis.publish(REVOCATION_CHANNEL(), prefix);
  } catch (err) {
    logWarn("revocation not published; instances pick it up from the database poll", {
      prefix,
      reason: (err as Error).message,
    });
  }
}

/** How far back the poll looks; wide enough to tolerate clock skew between app hosts. */
const LOOKBACK_MS = 60_000;

/**
 * Starts the subscriber and (when needed) the poll for one key cache. Returns a stop function.
 * `forget` drops a prefix from that cache.
 */
export function startRevocationSync(forget: (prefix: string) => void, opts: { poll: boolean }): () => void {
  const sub = redisConfigured()
    ? subscribe([REVOCATION_CHANNEL()], (_channel, prefix) => {
        metrics.revocationReceived("pubsub");
        forget(prefix);
      })
    : null;
  let timer: NodeJS.Timeout | undefined;
  if (opts.poll) {
    const seen = new Map<string, number>();
    let running = false;
    const poll = async () => {
      if (running) return;
      running = true;
      try {
        const since = new Date(Date.now() - LOOKBACK_MS);
        // Revocations and every other lifecycle change (disable, enable, roll, edit: changedAt).
        const rows = await keysChangedSince(db, since);
        for (const row of rows) {
          for (const at of [row.revokedAt, row.changedAt]) {
            if (!at || at <= since) continue;
            const id = `${row.prefix}@${at.getTime()}`;
            if (seen.has(id)) continue;
            seen.set(id, at.getTime());
            metrics.revocationReceived("poll");
            forget(row.prefix);
          }
        }
        for (const [id, at] of seen) if (at < since.getTime() - LOOKBACK_MS) seen.delete(id);
      } catch (err) {
        logDebug("revocation poll failed", { reason: (err as Error).message });
      } finally {
        running = false;
      }
    };
    void poll();
    timer = setInterval(poll, envInt("REVOCATION_POLL_MS"));
    timer.unref();
  }
  return () => {
    clearInterval(timer);
    sub?.disconnect();
  };
}
