import { perProcess } from "./process-state";
import Redis from "ioredis";
import { redactUrl } from "./db/redact";
import { logInfo, logWarn } from "./log";
import { metrics } from "./metrics";
import { envInt, envStr, envStrOpt } from "./config";

/**
 * Optional Redis for scale-out mode (REDIS_URL unset = single-instance mode). Short timeouts and
 * no offline queue: when Redis is slow or down, callers get an error at once and fall back
 * (local rate limits, DB-poll revocation) instead of queueing requests behind a dead socket.
 * ioredis keeps reconnecting in the background; nothing here ever throws out of a request.
 */
export function redisUrl(): string | undefined {
  return envStrOpt("REDIS_URL");
}

/** Namespace for every key and channel, so several deployments (or test runs) can share a server. */
export function redisKey(name: string): string {
  return `${envStr("REDIS_PREFIX")}${name}`;
}

type Listener = (up: boolean) => void;
interface State {
  client: Redis | null;
  up: boolean;
  listeners: Set<Listener>;
  subscribers: Set<Redis>;
}

// One connection per process (lib/platform/process-state.ts).
const state: State = perProcess("redis", () => ({
  client: null,
  up: false,
  listeners: new Set(),
  subscribers: new Set(),
}));

const OPTIONS = {
  lazyConnect: true,
  connectTimeout: envInt("REDIS_CONNECT_TIMEOUT_MS"),
  commandTimeout: envInt("REDIS_COMMAND_TIMEOUT_MS"),
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  // Reconnect forever with a capped back-off: Redis coming back is the normal way out of fallback.
  retryStrategy: (times: number) => Math.min(100 * times, 1000),
};

function setUp(up: boolean, reason?: string): void {
  if (state.up === up) return;
  state.up = up;
  const url = redactUrl(redisUrl() ?? "");
  if (up) logInfo("redis up", { redis: url });
  else logWarn("redis down", { redis: url, reason });
  for (const listener of state.listeners) listener(up);
}

/** The shared command connection, created (and connecting) on first use; null without REDIS_URL. */
export function getRedis(): Redis | null {
  if (state.client) return state.client;
  const url = redisUrl();
  if (!url) return null;
  const client = new Redis(url, OPTIONS);
  client.on("ready", () => setUp(true));
  client.on("error", (err: Error) => setUp(false, err.message));
  client.on("close", () => setUp(false, "connection closed"));
  client.connect().catch(() => {
    // reported through the "error" event; the retry strategy keeps trying
  });
  // A dead network path keeps the socket "ready" while commands time out: a heartbeat notices,
  // marks Redis down and forces a reconnect (which only becomes ready once Redis answers again).
  const heartbeat = setInterval(() => {
    if (!state.up || state.client !== client) return;
    client.ping().catch((err: Error) => {
      if (state.client !== client) return;
      setUp(false, `ping failed: ${err.message}`);
      client.disconnect(true);
    });
  }, envInt("REDIS_HEARTBEAT_MS"));
  heartbeat.unref();
  state.client = client;
  metrics.probes.redisUp = () => (state.up ? 1 : 0);
  return client;
}

export function redisConfigured(): boolean {
  return redisUrl() !== undefined;
}

export function redisUp(): boolean {
  return state.up;
}

/** Called with true/false whenever the shared connection goes up or down. */
export function onRedisState(listener: Listener): () => void {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

/** Resolves true once the shared connection is ready, false after timeoutMs (or without Redis). */
export function whenRedisReady(timeoutMs: number): Promise<boolean> {
  const client = getRedis();
  if (!client) return Promise.resolve(false);
  if (state.up) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve(false);
    }, timeoutMs);
    const off = onRedisState((up) => {
      if (!up) return;
      clearTimeout(timer);
      off();
      resolve(true);
    });
  });
}

/**
 * A dedicated pub/sub connection: subscribes to the channels on every (re)connect, since a
 * subscription attempted while disconnected fails without the offline queue.
 */
export function subscribe(
  channels: string[],
  onMessage: (channel: string, message: string) => void,
): Redis | null {
  const base = getRedis();
  if (!base) return null;
  const sub = base.duplicate();
  sub.on("error", () => {
    // state is tracked on the command connection; the subscriber reconnects on its own
  });
  sub.on("ready", () => {
    sub
      .subscribe(...channels)
      .catch((err: Error) => logWarn("redis subscribe failed", { channels, reason: err.message }));
  });
  sub.on("message", onMessage);
  sub.connect().catch(() => {});
  state.subscribers.add(sub);
  return sub;
}

/** Closes every connection (graceful shutdown, CLI exit). */
export async function closeRedis(): Promise<void> {
  const all = [...state.subscribers, ...(state.client ? [state.client] : [])];
  state.subscribers.clear();
  state.client = null;
  state.up = false;
  await Promise.allSettled(all.map((c) => c.quit().catch(() => c.disconnect())));
}
