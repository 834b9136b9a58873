/**
 * Minimal structured logging until the operations issue brings pino. Never pass keys,
 * passwords or verifiers here.
 */
export function logError(message: string, err: unknown, context: Record<string, unknown> = {}): void {
  const detail = err instanceof Error ? { error: err.message, stack: err.stack } : { error: String(err) };
  process.stderr.write(`${JSON.stringify({ level: "error", time: new Date().toISOString(), msg: message, ...context, ...detail })}\n`);
}

export function logInfo(message: string, context: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ level: "info", time: new Date().toISOString(), msg: message, ...context })}\n`);
}
