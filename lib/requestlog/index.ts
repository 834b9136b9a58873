import { envBool, envInt, envNum } from "../platform/config";
import type { Db } from "../platform/db";
import { logError, logInfo } from "../platform/log";
import { perProcess } from "../platform/process-state";
import { RequestLogBuffer } from "./buffer";
import { pruneRequestLogs } from "./store";

/**
 * The request log's configuration (README "Request log"):
 *   REQUEST_LOG=off                       disables it (default on)
 *   REQUEST_LOG_RETENTION_DAYS=7          rows older than this are pruned
 *   REQUEST_LOG_FULL_PER_SECOND=500       successful requests per second and instance logged in
 *                                         full; above that 1 in N, flagged (errors are all kept)
 *   REQUEST_LOG_MAX_BUFFERED=100000       rows held in memory while the database is away
 */
export const requestLogConfig = {
  enabled: envBool("REQUEST_LOG"),
  retentionDays: envNum("REQUEST_LOG_RETENTION_DAYS"),
  perSecond: envInt("REQUEST_LOG_FULL_PER_SECOND"),
  maxRows: envInt("REQUEST_LOG_MAX_BUFFERED"),
};

interface LogState {
  buffer: RequestLogBuffer;
  pruning: boolean;
  lastPrune: number;
  /** Starts the flush timer; set by lib/usage, whose flusher writes these rows. */
  onFirstPush: () => void;
  started: boolean;
}

export const requestLogState = perProcess<LogState>("requestlog", () => ({
  buffer: new RequestLogBuffer({ perSecond: requestLogConfig.perSecond, maxRows: requestLogConfig.maxRows }),
  pruning: false,
  lastPrune: 0,
  onFirstPush: () => {},
  started: false,
}));

const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Called by the flush timer: at most every 10 minutes, in the background, deletes rows past the
 * retention. Requests never wait for it (they only ever touch the in-memory buffer).
 */
export function maybePruneRequestLogs(db: Db, now: number): void {
  const s = requestLogState;
  if (s.pruning || now - s.lastPrune < PRUNE_EVERY_MS) return;
  s.pruning = true;
  s.lastPrune = now;
  const before = new Date(now - requestLogConfig.retentionDays * 86_400_000);
  pruneRequestLogs(db, before)
    .then((deleted) => {
      if (deleted > 0) logInfo("request log pruned", { deleted, before: before.toISOString() });
    })
    .catch((err) => logError("request log prune failed; retried later", err))
    .finally(() => {
      s.pruning = false;
    });
}
