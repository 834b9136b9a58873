import type http from "node:http";
import { flushLogs, logError, logInfo } from "./log";
import { closeRedis } from "./redis";
import { withTimeout } from "./timeout";
import { envInt } from "./config";

/**
 * Graceful stop on SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish
 * (keep-alive clients are told `Connection: close`), then run the shutdown tasks (metering flush
 * first), close Redis, flush logs and exit. SHUTDOWN_TIMEOUT_MS (default 10 s) caps the drain.
 */
type Task = { name: string; run: () => Promise<unknown> };
const tasks: Task[] = [];

/** Registers work that must finish before exit, e.g. flushing buffered metering. */
export function onShutdown(name: string, run: () => Promise<unknown>): void {
  tasks.push({ name, run });
}

const atStop: Array<() => void> = [];
/**
 * Runs as soon as shutdown starts, before the drain waits for open requests: long-lived responses
 * (event streams, which never finish on their own) end here and their clients reconnect elsewhere.
 */
export function onStopping(run: () => void): void {
  atStop.push(run);
}

let stopping = false;
export function isStopping(): boolean {
  return stopping;
}

export async function gracefulShutdown(server: http.Server, signal: string): Promise<never> {
  if (stopping) return new Promise<never>(() => {});
  stopping = true;
  for (const run of atStop) {
    try {
      run();
    } catch (err) {
      logError("shutdown hook failed", err);
    }
  }
  const deadline = envInt("SHUTDOWN_TIMEOUT_MS");
  logInfo("shutting down: draining requests", { signal });
  const hard = setTimeout(() => {
    logError("shutdown deadline passed; closing remaining connections", new Error("drain timeout"));
    server.closeAllConnections();
  }, deadline);
  hard.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(hard);
  const taskTimeout = envInt("SHUTDOWN_TASK_TIMEOUT_MS");
  for (const task of tasks) {
    try {
      await withTimeout(task.run(), taskTimeout, task.name);
    } catch (err) {
      logError(`shutdown task failed: ${task.name}`, err);
    }
  }
  await closeRedis();
  logInfo("stopped", { signal });
  flushLogs();
  process.exit(0);
}
