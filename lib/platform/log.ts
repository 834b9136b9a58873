import { perProcess } from "./process-state";
import pino, { type DestinationStream, type Logger } from "pino";
import { envStr, envStrOpt, platform } from "./config";

/**
 * Structured JSON logs (pino) on an asynchronous stdout destination, so a log line never blocks
 * the request path; pino flushes the buffer on process exit. Never pass a key, password or
 * verifier here: the redaction list and scrub() are a safety net, not the policy.
 */
const REDACTED_FIELDS = [
  "authorization",
  "x-api-key",
  "cookie",
  "set-cookie",
  "password",
  "code_verifier",
  "code",
  "secret",
  "token",
];
const REDACT_PATHS = REDACTED_FIELDS.flatMap((f) => {
  const key = /^[a-z_]+$/.test(f) ? f : `["${f}"]`;
  const sep = key.startsWith("[") ? "" : ".";
  return [key, `*${sep}${key}`, `*.*${sep}${key}`];
});

// Full API keys that slipped into free text (an error message, a path) are cut to their prefix.
const FULL_KEY = /(sk_(?:live|test)_[0-9A-Za-z]{8})[0-9A-Za-z]{24}/g;
export function scrub(text: string): string {
  return text.replace(FULL_KEY, "$1…");
}

/** The process logger's configuration; tests pass their own destination. */
export function createLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      level: envStrOpt("LOG_LEVEL") ?? (platform.isTest() ? "warn" : "info"),
      base: envStrOpt("INSTANCE_ID")
        ? { pid: process.pid, instance: envStrOpt("INSTANCE_ID") }
        : { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    },
    // LOG_DEST=stderr keeps stdout clean for CLI output (the admin CLI sets it).
    destination ?? pino.destination({ dest: envStr("LOG_DEST") === "stderr" ? 2 : 1, sync: false }),
  );
}

// One logger per process (lib/platform/process-state.ts); created on first use so a CLI can choose
// LOG_DEST after its imports ran.
export function getLogger(): Logger {
  return perProcess("logger", createLogger);
}

export function logError(message: string, err: unknown, context: Record<string, unknown> = {}): void {
  const detail =
    err instanceof Error
      ? { error: scrub(err.message), stack: err.stack && scrub(err.stack) }
      : { error: scrub(String(err)) };
  getLogger().error({ ...context, ...detail }, message);
}

export function logWarn(message: string, context: Record<string, unknown> = {}): void {
  getLogger().warn(context, message);
}

export function logInfo(message: string, context: Record<string, unknown> = {}): void {
  getLogger().info(context, message);
}

export function logDebug(message: string, context: Record<string, unknown> = {}): void {
  const logger = getLogger();
  if (logger.isLevelEnabled("debug")) logger.debug(context, message);
}

/** Writes what is buffered; used on shutdown before process.exit. */
export function flushLogs(): void {
  try {
    getLogger().flush();
  } catch {
    // stdout already closed
  }
}
