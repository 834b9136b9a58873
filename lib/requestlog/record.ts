import { extractKey } from "../api/auth";
import type { ApiRequest, ApiResponse } from "../api/types";
import type { AuthFailure, Caller } from "../keys/caller";
import { PREFIX_LENGTH } from "../keys/format";
import { scrub } from "../log";
import { requestLogConfig, requestLogState } from "./index";

/** What the pipeline learnt about a request while answering it. */
export interface RequestTrace {
  caller: Caller | null;
  failure: AuthFailure | null;
  errorCode: string | null;
  units: number;
}

const cut = (s: string | undefined, n: number) => (s === undefined ? null : s.length > n ? s.slice(0, n) : s);

/** The key prefix a failed authentication named, when the header held a well-formed key. */
function failedPrefix(req: ApiRequest, failure: AuthFailure | null): string | null {
  if (!failure) return null;
  if ("prefix" in failure) return failure.prefix;
  if (failure.reason !== "unknown_prefix") return null;
  const extracted = extractKey(req);
  return "key" in extracted ? extracted.key.slice(0, PREFIX_LENGTH) : null;
}

/**
 * Adds the request to the log buffer when the buffer admits it (errors always; successes within
 * the per-second budget, then sampled). Never throws and never waits: the row is written by the
 * next flush. Any full key in the path or query is cut to its prefix (scrub), before the
 * length cap, so a cap can never leave part of a secret.
 */
export function recordRequest(
  req: ApiRequest,
  res: ApiResponse,
  endpoint: string,
  trace: RequestTrace,
  durationMs: number,
): void {
  // A flood refused per address (lib/api/auth-throttle.ts) is counted in metrics, not stored row by row.
  if (!requestLogConfig.enabled || trace.failure?.reason === "throttled") return;
  const now = Date.now();
  const state = requestLogState;
  const rate = state.buffer.admit(res.status, now);
  if (rate === 0) return;
  const caller = trace.caller;
  const prefix = caller?.prefix ?? failedPrefix(req, trace.failure);
  const failure = trace.failure;
  state.buffer.push({
    id: res.headers["X-Request-Id"],
    at: now - Math.round(durationMs),
    accountId: caller?.accountId ?? (failure && "accountId" in failure ? failure.accountId : null),
    keyPrefix: prefix,
    environment: caller?.environment ?? (prefix ? (prefix.startsWith("sk_live_") ? "live" : "test") : null),
    method: req.method.slice(0, 16),
    path: scrub(req.path).slice(0, 512),
    query: scrub(req.rawQuery ?? req.query.toString()).slice(0, 1024),
    endpoint,
    status: res.status,
    errorCode: trace.errorCode,
    units: trace.units,
    durationMs: Math.round(durationMs * 1000) / 1000,
    ip: cut(req.ip, 64),
    userAgent: cut(req.header("user-agent"), 300),
    sampleRate: rate,
  });
  if (!state.started) {
    state.started = true;
    state.onFirstPush();
  }
}
