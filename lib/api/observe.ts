import { getLogger, scrub } from "../platform/log";
import { metrics } from "../platform/metrics";
import { perProcess } from "../platform/process-state";
import type { ApiRequest, ApiResponse } from "./types";
import { envStr } from "../platform/config";

/**
 * Per-request bookkeeping after the response is built: metrics always, a log line depending on
 * LOG_REQUESTS = off | errors (default: status >= 400) | all. Only the method, route pattern,
 * scrubbed path, status, duration, request id and key prefix are logged - never headers.
 */
const MODE = envStr("LOG_REQUESTS");
const threshold = MODE === "all" ? 0 : MODE === "off" ? 1000 : 400;

/**
 * Failed authentications (401, and the per-address 429 of lib/api/auth-throttle.ts) are logged
 * at most once per second, the line counting those skipped since the previous one: a keyless
 * flood otherwise wrote one line per request. Metrics still count every one.
 */
const authLog = perProcess("authFailureLog", () => ({ second: 0, suppressed: 0 }));

function sampleAuthFailure(): number | undefined {
  const second = Math.floor(Date.now() / 1000);
  if (second === authLog.second) {
    authLog.suppressed++;
    return undefined;
  }
  authLog.second = second;
  const suppressed = authLog.suppressed;
  authLog.suppressed = 0;
  return suppressed;
}

export function observeRequest(
  req: ApiRequest,
  res: ApiResponse,
  endpoint: string,
  durationMs: number,
  keyPrefix?: string,
  authFailed = false,
): void {
  const seconds = durationMs / 1000;
  metrics.request(endpoint, req.method, res.status, seconds);
  if (res.status < threshold) return;
  const suppressed = authFailed ? sampleAuthFailure() : 0;
  if (suppressed === undefined) return;
  const entry = {
    requestId: res.headers["X-Request-Id"],
    method: req.method.slice(0, 16),
    route: endpoint,
    path: scrub(req.path.slice(0, 200)),
    status: res.status,
    ms: Math.round(seconds * 10_000) / 10,
    key: keyPrefix,
    ...(suppressed ? { authFailuresNotLogged: suppressed } : {}),
  };
  const logger = getLogger();
  // 503s are the designed answer while a backend is down (logged by the backend's own events).
  if (res.status >= 500 && res.status !== 503) logger.error(entry, "request failed");
  else if (res.status === 503) logger.warn(entry, "request refused: backend unavailable");
  else logger.info(entry, "request");
}
