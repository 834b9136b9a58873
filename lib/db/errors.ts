/**
 * True when a database error means "the database cannot be reached right now" (connection
 * refused/reset/timed out, pool exhausted, server shutting down) rather than a bug. The API turns
 * these into 503 with Retry-After instead of 500. Prisma 7 driver-adapter errors carry the pg
 * error in `cause`, so the whole chain is inspected.
 */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ECONNABORTED"]);
// 57P01-57P03: admin shutdown / crash shutdown / cannot connect now; 53300: too many connections.
const PG_CODES = new Set(["57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08006"]);
const MESSAGES = /connection terminated|terminating connection|timeout exceeded when trying to connect|connection (?:timeout|refused|reset)|can't reach database|server has closed the connection|database system is (?:starting|shutting)|client has encountered a connection error|database is locked|did not answer within/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== "object") return typeof e === "string" && MESSAGES.test(e);
    const o = e as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown; kind?: unknown };
    for (const code of [o.code, o.originalCode]) {
      if (typeof code === "string" && (PRISMA_CODES.has(code) || NODE_CODES.has(code) || PG_CODES.has(code))) return true;
    }
    if (o.kind === "DatabaseNotReachable" || o.kind === "ConnectionClosed" || o.kind === "SocketTimeout") return true;
    if (typeof o.message === "string" && MESSAGES.test(o.message)) return true;
    e = o.cause;
  }
  return false;
}
