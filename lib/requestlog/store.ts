import type { Db } from "../db";
import { Prisma } from "../generated/sqlite/client";
import { chunks } from "../util/chunks";
import type { RequestLogRow } from "./buffer";
import { storedBody, storedHeaders, storedMessage } from "./response";

/** Rows per INSERT: 19 parameters each keeps a statement far below SQLite's and PostgreSQL's limits. */
const CHUNK = 400;

function insert(db: Db, rows: RequestLogRow[]) {
  const values = Prisma.join(
    rows.map(
      (r) =>
        Prisma.sql`(${r.id}, ${new Date(r.at)}, ${r.accountId}, ${r.keyPrefix}, ${r.environment}, ${r.method}, ${r.path}, ${r.query}, ${r.endpoint}, ${r.status}, ${r.errorCode}, ${r.units}, ${r.durationMs}, ${r.ip}, ${r.userAgent}, ${r.sampleRate}, ${storedMessage(r.errorMessage)}, ${r.response ? storedHeaders(r.response.headers) : null}, ${r.response ? storedBody(r.response.body) : null})`,
    ),
  );
  // The request id is the primary key, so a batch retried after a lost commit inserts nothing twice.
  return db.$executeRaw`INSERT INTO "request_logs" ("id", "at", "accountId", "keyPrefix", "environment", "method", "path", "query", "endpoint", "status", "errorCode", "units", "durationMs", "ip", "userAgent", "sampleRate", "errorMessage", "responseHeaders", "responseBody")
    VALUES ${values}
    ON CONFLICT ("id") DO NOTHING`;
}

/** The statements that write `rows`, for the flush transaction (lib/usage/store.ts). */
export function insertRequestLogs(db: Db, rows: RequestLogRow[]): Prisma.PrismaPromise<number>[] {
  return chunks(rows, CHUNK).map((part) => insert(db, part));
}

const PRUNE_CHUNK = 5000;

/**
 * Deletes rows older than `before`, PRUNE_CHUNK at a time with a pause between chunks, so a
 * SQLite writer lock is held for one short statement at a time and flushes interleave. Several
 * instances may prune at once: the DELETEs are idempotent. Returns the rows deleted.
 */
export async function pruneRequestLogs(db: Db, before: Date, pauseMs = 20): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.$executeRaw`DELETE FROM "request_logs" WHERE "id" IN (
      SELECT "id" FROM "request_logs" WHERE "at" < ${before} LIMIT ${PRUNE_CHUNK})`;
    total += n;
    if (n < PRUNE_CHUNK) return total;
    await new Promise((r) => setTimeout(r, pauseMs));
  }
}
