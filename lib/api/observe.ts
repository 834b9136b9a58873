import { getLogger, scrub } from "../log";
import { metrics } from "../metrics";
import type { ApiRequest, ApiResponse } from "./types";

/**
 * Per-request bookkeeping after the response is built: metrics always, a log line depending on
 * LOG_REQUESTS = off | errors (default: status >= 400) | all. Only the method, route pattern,
 * scrubbed path, status, duration, request id and key prefix are logged - never headers.
 */
const MODE = process.env.LOG_REQUESTS ?? "errors";
const threshold = MODE === "all" ? 0 : MODE === "off" ? 1000 : 400;

export function observeRequest(
  req: ApiRequest,
  res: ApiResponse,
  endpoint: string,
  startedAt: number,
  keyPrefix?: string,
): void {
  const seconds = (performance.now() - startedAt) / 1000;
  metrics.request(endpoint, req.method, res.status, seconds);
  if (res.status < threshold) return;
  const entry = {
    requestId: res.headers["X-Request-Id"],
    method: req.method.slice(0, 16),
    route: endpoint,
    path: scrub(req.path.slice(0, 200)),
    status: res.status,
    ms: Math.round(seconds * 10_000) / 10,
    key: keyPrefix,
  };
  const logger = getLogger();
  // 503s are the designed answer while a backend is down (logged by the backend's own events).
  if (res.status >= 500 && res.status !== 503) logger.error(entry, "request failed");
  else if (res.status === 503) logger.warn(entry, "request refused: backend unavailable");
  else logger.info(entry, "request");
}
