/**
 * Whether an error means the database could not be reached (as opposed to a bug): such errors
 * become 503 SERVICE_UNAVAILABLE with Retry-After, like the key store's 503, never a 500.
 * Prisma wraps some (P1001 "Can't reach database server"); pg-pool surfaces others raw.
 */
const CODES = new Set([
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024", // Prisma: unreachable, timed out, closed, pool timeout
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006", // PostgreSQL shutdown / connection classes
  "SQLITE_BUSY",
]);
const TEXT =
  /Connection terminated|terminating connection|Can't reach database server|connection (refused|reset|closed)|timeout exceeded when trying to connect|Operation has timed out|database is locked|the database system is (starting up|shutting down)|encountered a connection error and is not queryable|did not answer within/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 6; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && CODES.has(code)) return true;
    if (typeof message === "string" && TEXT.test(message)) return true;
    e = cause;
  }
  return false;
}
