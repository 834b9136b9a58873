import type { Db } from "../platform/db";
import { Prisma } from "../generated/sqlite/client";
import { chunks } from "../platform/util/chunks";
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

export interface LogFilters {
  /** Required for every customer-facing read; only `admin logs` may search across accounts. */
  accountId?: string;
  keyPrefix?: string;
  environment?: "live" | "test";
  status?: string;
  endpoint?: string;
  requestId?: string;
  from?: Date;
  to?: Date;
}

function statusWhere(status: string): Prisma.RequestLogWhereInput {
  if (status === "errors") return { status: { gte: 400 } };
  if (status === "4xx") return { status: { gte: 400, lt: 500 } };
  if (/^[1-5]xx$/.test(status)) {
    const base = Number(status[0]) * 100;
    return { status: { gte: base, lt: base + 100 } };
  }
  return { status: Number(status) };
}

function where(f: LogFilters): Prisma.RequestLogWhereInput {
  const and: Prisma.RequestLogWhereInput[] = [];
  if (f.accountId !== undefined) and.push({ accountId: f.accountId });
  if (f.requestId) and.push({ id: f.requestId });
  if (f.keyPrefix) and.push({ keyPrefix: f.keyPrefix });
  if (f.environment) and.push({ environment: f.environment });
  if (f.endpoint) and.push({ endpoint: f.endpoint });
  if (f.status) and.push(statusWhere(f.status));
  if (f.from || f.to) and.push({ at: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } });
  return { AND: and };
}

/** Rows matching the filters, newest first (ties by id), after `cursor` when given, at most `take`. */
export function logRows(
  db: Db,
  filters: LogFilters,
  cursor: { at: Date; id: string } | undefined,
  take: number,
) {
  const after: Prisma.RequestLogWhereInput = cursor
    ? { OR: [{ at: { lt: cursor.at } }, { at: cursor.at, id: { lt: cursor.id } }] }
    : {};
  return db.requestLog.findMany({
    where: { AND: [where(filters), after] },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take,
  });
}

/** The account's newest logged request, of one environment when given. */
export const latestLogRow = (db: Db, accountId: string, environment?: "live" | "test") =>
  db.requestLog.findFirst({
    where: { accountId, ...(environment ? { environment } : {}) },
    orderBy: [{ at: "desc" }, { id: "desc" }],
  });
