import { envBool, envInt, envNum, envStr } from "../platform/config";
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
const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "30s", "2m", "1h", "1500" (ms) → ms; null when unreadable. */
export function durationMs(raw: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(raw);
  return m ? Number(m[1]) * UNITS[m[2] ?? "ms"] : null;
}

export const webhookConfig = {
  enabled: () => envBool("WEBHOOKS"),
  pollMs: () => envInt("WEBHOOK_POLL_MS"),
  timeoutMs: () => envInt("WEBHOOK_TIMEOUT_MS"),
  retrySchedule: (): number[] => {
    const parts = envStr("WEBHOOK_RETRY_SCHEDULE").split(",").map(durationMs);
    return parts.every((p): p is number => p !== null) && parts.length ? parts : [];
  },
  disableAfterFailures: () => envInt("WEBHOOK_DISABLE_AFTER_FAILURES"),
  disableAfterMs: () => durationMs(envStr("WEBHOOK_DISABLE_AFTER")) ?? 86_400_000,
  allowPrivate: () => envBool("WEBHOOK_ALLOW_PRIVATE"),
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
export const MAX_DESCRIPTION_LENGTH = 200;

/**
 * How long the previous signing secret still signs deliveries after a roll (each delivery then
 * carries both signatures), so receivers can switch over without a gap. 24 h by default.
 */
export const SECRET_OVERLAP_CHOICES = {
  none: 0,
  "1h": 3_600_000,
  "24h": 86_400_000,
  "3d": 3 * 86_400_000,
  "7d": 7 * 86_400_000,
} as const;
export type SecretOverlap = keyof typeof SECRET_OVERLAP_CHOICES;

/** Why an endpoint's odds.moved threshold (percentage points) is refused, or null (null = the default). */
export function oddsThresholdProblem(pp: number | null | undefined): string | null {
  if (pp === null || pp === undefined) return null;
  const min = envNum("ODDS_MOVED_MIN_PP");
  return Number.isFinite(pp) && pp >= min && pp <= 100
    ? null
    : `The odds.moved threshold must be between ODDS_MOVED_MIN_PP (${min}) and 100 percentage points`;
}

/** The endpoint's odds.moved threshold, or the configured default. */
export const oddsThresholdOf = (pp: number | null) => pp ?? envNum("ODDS_MOVED_DEFAULT_PP");
