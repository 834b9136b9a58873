import type { ApiResponse, HttpRequest } from "../platform/http";
import type { AuthFailure, Caller } from "../keys/caller";
import { now as clock } from "../platform/clock";
import { requestLogConfig, requestLogState } from "./index";
import { redactUrlPart } from "./redact";
import { DETAIL_ROWS } from "./response";

export { redactUrlPart };

/** What the pipeline learnt about a request while answering it. */
export interface RequestTrace {
  caller: Caller | null;
  failure: AuthFailure | null;
  errorCode: string | null;
  /** The error body's message, set with errorCode (the ingest pipeline leaves it out: read from the body). */
  errorMessage?: string | null;
  units: number;
}

const cut = (s: string | undefined, n: number) => (s === undefined ? null : s.length > n ? s.slice(0, n) : s);

/** The key prefix a failed authentication named, when the header held a well-formed key. */
const failedPrefix = (failure: AuthFailure | null) =>
  failure !== null && "prefix" in failure ? (failure.prefix ?? null) : null;

/**
 * Wrong-secret requests name a real key's prefix, so their rows land in that key's account. An
 * attacker who knows a prefix wrote one row of chosen path/query/user-agent per request into the
 * victim's log (3,000 of 3,000 at 593 req/s). Now such rows carry none of the request's text
 * (path = the endpoint pattern, no query or user agent) and each prefix gets at most
 * WRONG_SECRET_ROWS per minute; the rest are counted in statline_auth_failures_total only.
 */
export const WRONG_SECRET_ROWS = 10;
const wrongSecretRows = new Map<string, { minute: number; n: number }>();

function admitWrongSecret(prefix: string, now: number): boolean {
  const minute = Math.floor(now / 60_000);
  const seen = wrongSecretRows.get(prefix);
  if (seen && seen.minute === minute) return ++seen.n <= WRONG_SECRET_ROWS;
  if (!seen && wrongSecretRows.size >= 10_000) wrongSecretRows.clear();
  wrongSecretRows.set(prefix, { minute, n: 1 });
  return true;
}

/**
 * Adds the request to the log buffer when the buffer admits it (errors always; successes within
 * the per-second budget, then sampled). Never throws and never waits: the row is written by the
 * next flush. Any full key in the path or query, percent-encoded or not, is cut to its prefix
 * before the length cap, so a cap can never leave part of a secret.
 */
export function recordRequest(
  req: HttpRequest,
  res: ApiResponse,
  endpoint: string,
  trace: RequestTrace,
  durationMs: number,
): void {
  // A flood refused per address (lib/api/auth-throttle.ts) is counted in metrics, not stored row by row.
  if (!requestLogConfig.enabled || trace.failure?.reason === "throttled") return;
  const now = clock();
  const failure = trace.failure;
  const blind = failure?.reason === "invalid_secret";
  if (blind && !admitWrongSecret(failure.prefix, now)) return;
  const state = requestLogState;
  const rate = state.buffer.admit(res.status, now);
  if (rate === 0) return;
  const caller = trace.caller;
  const prefix = caller?.prefix ?? failedPrefix(failure);
  state.buffer.push({
    id: res.headers["X-Request-Id"],
    at: now - Math.round(durationMs),
    accountId: caller?.accountId ?? (failure && "accountId" in failure ? failure.accountId : null),
    keyPrefix: prefix,
    environment: caller?.environment ?? (prefix ? (prefix.startsWith("sk_live_") ? "live" : "test") : null),
    method: req.method.slice(0, 16),
    path: blind ? endpoint : redactUrlPart(req.path).slice(0, 512),
    query: blind ? "" : redactUrlPart(req.rawQuery ?? req.query.toString()).slice(0, 1024),
    endpoint,
    status: res.status,
    errorCode: trace.errorCode,
    units: trace.units,
    durationMs: Math.round(durationMs * 1000) / 1000,
    ip: cut(req.ip, 64),
    userAgent: blind ? null : cut(req.header("user-agent"), 300),
    sampleRate: rate,
    errorMessage: trace.errorMessage ?? null,
    // Error rows keep the response for the log drawer, by reference (no copy here; the flush
    // serialises it). Successes keep none: they are most rows and their bodies are the data.
    // A backlog beyond DETAIL_ROWS (a database outage under an error flood) keeps messages only.
    response:
      res.status >= 400 && state.buffer.pending < DETAIL_ROWS
        ? { headers: res.headers, body: res.body }
        : null,
  });
  if (!state.started) {
    state.started = true;
    state.onFirstPush();
  }
}
