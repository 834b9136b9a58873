/**
 * Webhook settings, read from the environment on each use (tests change them per file).
 *   WEBHOOKS=off                      no dispatcher/sender in this process (the CLI and dashboard still
 *                                     manage endpoints; another instance delivers)
 *   WEBHOOK_POLL_MS=1000              how often the worker looks for new changes and due deliveries
 *   WEBHOOK_TIMEOUT_MS=10000          per attempt: connect, send, and the response status
 *   WEBHOOK_RETRY_SCHEDULE            delays before retries 1..n, comma-separated: 5s,30s,2m,10m,1h,3h,6h,12h,24h
 *                                     (plain numbers are ms); after the last one fails the delivery is dead
 *   WEBHOOK_DISABLE_AFTER_FAILURES=20 with WEBHOOK_DISABLE_AFTER=24h: an endpoint whose last N attempts all
 *                                     failed, the run spanning at least that long, is disabled
 *   WEBHOOK_ALLOW_PRIVATE=1           allow private, loopback and link-local targets (tests, trusted LANs)
 */
const DEFAULT_SCHEDULE = "5s,30s,2m,10m,1h,3h,6h,12h,24h";
const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "30s", "2m", "1h", "1500" (ms) → ms; null when unreadable. */
export function durationMs(raw: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(raw);
  return m ? Number(m[1]) * UNITS[m[2] ?? "ms"] : null;
}

const num = (raw: string | undefined, fallback: number, min = 0) => {
  const n = raw === undefined || raw === "" ? NaN : Number(raw);
  return Number.isFinite(n) && n >= min ? n : fallback;
};

export const webhookConfig = {
  enabled: () => (process.env.WEBHOOKS ?? "on").toLowerCase() !== "off",
  pollMs: () => num(process.env.WEBHOOK_POLL_MS, 1000, 20),
  timeoutMs: () => num(process.env.WEBHOOK_TIMEOUT_MS, 10_000, 100),
  retrySchedule: (): number[] => {
    const parts = (process.env.WEBHOOK_RETRY_SCHEDULE || DEFAULT_SCHEDULE).split(",").map(durationMs);
    return parts.every((p): p is number => p !== null) && parts.length ? parts : [];
  },
  disableAfterFailures: () => num(process.env.WEBHOOK_DISABLE_AFTER_FAILURES, 20, 1),
  disableAfterMs: () => durationMs(process.env.WEBHOOK_DISABLE_AFTER ?? "24h") ?? 86_400_000,
  allowPrivate: () => process.env.WEBHOOK_ALLOW_PRIVATE === "1",
};

/** Delay before the retry after `attempts` failed attempts, ±20 % jitter; null = give up (dead). */
export function retryDelayMs(attempts: number, random = Math.random): number | null {
  const schedule = webhookConfig.retrySchedule();
  const base = schedule[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Endpoints per account (dashboard and CLI). */
export const MAX_ENDPOINTS_PER_ACCOUNT = 20;
export const MAX_URL_LENGTH = 2000;
