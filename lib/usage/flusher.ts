import { randomUUID } from "node:crypto";
import { logError, logInfo } from "../platform/log";
import { isEmpty, type Batch, type Meter } from "./meter";
import type { UsageStore } from "./store";
import type { RequestLogBuffer } from "../requestlog/buffer";

export interface FlushStats {
  flushes: number;
  statements: number;
  rows: number;
  failures: number;
  consecutiveFailures: number;
  lastFlushAt: number | null;
  lastDurationMs: number;
  lastError: string | null;
  droppedRequests: number;
}

const FK_ERROR = /foreign key/i;
const LOG_EVERY_MS = 30_000;

/**
 * Writes the meter to the store on a timer (USAGE_FLUSH_INTERVAL_MS, default 1 s): one
 * transaction per tick however many requests arrived. Flushes never overlap; a failed flush puts
 * its rows back and the next tick retries, so a database outage delays counts but loses none.
 */
export class Flusher {
  readonly stats: FlushStats = {
    flushes: 0,
    statements: 0,
    rows: 0,
    failures: 0,
    consecutiveFailures: 0,
    lastFlushAt: null,
    lastDurationMs: 0,
    lastError: null,
    droppedRequests: 0,
  };
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<boolean> = Promise.resolve(true);
  private running = false;
  private lastLogged = 0;
  /**
   * A batch whose write failed, retried as-is under the same id before anything new. When the
   * connection died after PostgreSQL committed (the reply was lost), the batch's marker row makes
   * the retry a no-op instead of counting everything twice (see UsageStore.write).
   */
  private retry: { id: string; batch: Batch } | null = null;

  constructor(
    private readonly meter: Meter,
    private readonly store: UsageStore,
    private readonly intervalMs: number,
    private readonly onTick: (now: number) => void = () => {},
    /** The request log: drained into the same batch, so still one transaction a tick. */
    private readonly logs?: RequestLogBuffer,
    /** After a batch committed (the quota alerts, lib/alerts/quota-watch.ts); must not throw. */
    private readonly onCommitted: (batch: Batch) => void = () => {},
  ) {}

  /** Nothing buffered and no failed batch waiting: a shutdown may exit. */
  private get idle(): boolean {
    return this.meter.idle && (this.logs?.idle ?? true) && !this.retry;
  }

  /** Started by the first request, so CLI commands that import this module never hold a timer. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.onTick(Date.now());
      if (!this.running) void this.flush();
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One flush after any in progress; resolves true when the database took the batch. */
  flush(): Promise<boolean> {
    this.chain = this.chain.then(() => this.flushOnce());
    return this.chain;
  }

  /** For shutdown: flushes until nothing is buffered or the deadline passes. */
  async flushAll(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.idle) {
      const ok = await this.flush();
      if (this.idle) break;
      if (Date.now() >= deadline) break;
      if (!ok) await new Promise((r) => setTimeout(r, Math.min(250, Math.max(0, deadline - Date.now()))));
    }
    if (!this.idle) {
      logError(
        "usage: shutdown flush incomplete, buffered counts lost",
        new Error(this.stats.lastError ?? "timeout"),
        { pendingRequests: this.meter.pending, pendingLogRows: this.logs?.pending ?? 0 },
      );
      return false;
    }
    return true;
  }

  private async flushOnce(): Promise<boolean> {
    // First the batch of a failed write (same id), then whatever was recorded since.
    if (this.retry && !(await this.writeOnce(this.retry))) return false;
    const batch = this.meter.drain();
    if (this.logs) batch.logs = this.logs.drain();
    return this.writeOnce({ id: randomUUID(), batch });
  }

  private async writeOnce(item: { id: string; batch: Batch }): Promise<boolean> {
    const { batch } = item;
    if (isEmpty(batch)) return true;
    this.running = true;
    const started = Date.now();
    try {
      const statements = await this.store.write(batch, item.id);
      this.retry = null;
      this.meter.committed(batch);
      if (batch.logs) this.logs?.committed(batch.logs);
      this.onCommitted(batch);
      this.stats.flushes++;
      this.stats.statements += statements;
      this.stats.rows += batch.usage.length + batch.authFailures.length + (batch.logs?.length ?? 0);
      this.stats.lastFlushAt = Date.now();
      this.stats.lastDurationMs = this.stats.lastFlushAt - started;
      if (this.stats.consecutiveFailures > 0)
        logInfo("usage: flush recovered", { afterFailures: this.stats.consecutiveFailures });
      this.stats.consecutiveFailures = 0;
      return true;
    } catch (err) {
      this.stats.failures++;
      this.stats.consecutiveFailures++;
      this.stats.lastError = err instanceof Error ? err.message.slice(0, 300) : String(err);
      this.retry = await this.putBack(item, err);
      if (Date.now() - this.lastLogged > LOG_EVERY_MS) {
        this.lastLogged = Date.now();
        logError("usage: flush failed, counts kept in memory and retried", err, {
          pendingRequests: this.meter.pending,
        });
      }
      return false;
    } finally {
      this.running = false;
    }
  }

  /** A key or account deleted meanwhile would fail every retry: drop just its rows. */
  private async putBack(
    item: { id: string; batch: Batch },
    err: unknown,
  ): Promise<{ id: string; batch: Batch }> {
    if (FK_ERROR.test(String(err instanceof Error ? err.message : err))) {
      try {
        // A foreign-key error is the server refusing the transaction: nothing was committed.
        const { kept, dropped } = await this.store.orphans(item.batch);
        this.meter.discarded(dropped);
        this.stats.droppedRequests += dropped.reduce((n, r) => n + r.requests, 0);
        return { id: item.id, batch: { ...kept, logs: item.batch.logs } };
      } catch {
        // The database went away as well: keep everything and retry.
      }
    }
    return item;
  }
}
