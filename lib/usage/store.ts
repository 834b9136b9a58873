import type { Db } from "../platform/db";
import { chunks } from "../platform/util/chunks";
import { Prisma } from "../generated/sqlite/client";
import type { Batch, UsageRow } from "./meter";
import { rollupsOf, type Rollup } from "./rollups";
import { sqliteWriter } from "../platform/db/sql";
import { writeBatchSqlite, type MarkerPlan } from "./sqlite-write";
import { usageWriteThread } from "./write-thread";
import { insertRequestLogs } from "../requestlog/store";

/**
 * Where metering goes: the database (UsageBucket, AuthFailureBucket, ApiKey.lastUsedAt).
 * A flush is one transaction of a few multi-row upserts, whatever the request rate.
 */
export interface UsageStore {
  /**
   * Writes a batch atomically; returns the number of SQL statements it took. With a batch id the
   * write is idempotent: a marker row is inserted in the same transaction, and a retry of a batch
   * that did commit (its reply lost with the connection) changes nothing.
   */
  write(batch: Batch, batchId?: string): Promise<number>;
  /** Units the account used this month, from flushed buckets. */
  monthUnits(accountId: string, monthStart: number): Promise<number>;
  /** Units one key used this month, from flushed buckets (for a key's own unit cap). */
  keyMonthUnits(apiKeyId: string, monthStart: number): Promise<number>;
  /** Splits off rows whose key or account no longer exists (they would fail the write forever). */
  orphans(batch: Batch): Promise<{ kept: Batch; dropped: UsageRow[] }>;
}

/** Rows per statement: 7-8 parameters each stays far below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

// INSERT … ON CONFLICT DO UPDATE with additive increments works unchanged on SQLite and
// PostgreSQL, and Prisma.sql binds the Date the same way the Prisma client does on each.
function upsertUsage(db: Db, rows: UsageRow[]) {
  const values = Prisma.join(
    rows.map(
      (r) =>
        Prisma.sql`(${r.accountId}, ${r.apiKeyId}, ${new Date(r.minute)}, ${r.endpoint}, ${r.statusClass}, ${r.requests}, ${r.units})`,
    ),
  );
  return db.$executeRaw`INSERT INTO "usage_buckets" ("accountId", "apiKeyId", "minute", "endpoint", "statusClass", "requests", "units")
    VALUES ${values}
    ON CONFLICT ("apiKeyId", "minute", "endpoint", "statusClass")
    DO UPDATE SET "requests" = "usage_buckets"."requests" + excluded."requests", "units" = "usage_buckets"."units" + excluded."units"`;
}

function upsertRollups(db: Db, rows: Rollup[]) {
  const values = Prisma.join(
    rows.map(
      (r) =>
        Prisma.sql`(${r.accountId}, ${r.apiKeyId}, ${r.period}, ${new Date(r.minute)}, ${r.endpoint}, ${r.statusClass}, ${r.requests}, ${r.units})`,
    ),
  );
  return db.$executeRaw`INSERT INTO "usage_rollups" ("accountId", "apiKeyId", "period", "start", "endpoint", "statusClass", "requests", "units")
    VALUES ${values}
    ON CONFLICT ("apiKeyId", "period", "start", "endpoint", "statusClass")
    DO UPDATE SET "requests" = "usage_rollups"."requests" + excluded."requests", "units" = "usage_rollups"."units" + excluded."units"`;
}

function upsertAuthFailures(db: Db, rows: Batch["authFailures"]) {
  const values = Prisma.join(
    rows.map(
      (r) => Prisma.sql`(${r.accountId}, ${r.keyPrefix}, ${new Date(r.minute)}, ${r.reason}, ${r.count})`,
    ),
  );
  return db.$executeRaw`INSERT INTO "auth_failure_buckets" ("accountId", "keyPrefix", "minute", "reason", "count")
    VALUES ${values}
    ON CONFLICT ("accountId", "keyPrefix", "minute", "reason")
    DO UPDATE SET "count" = "auth_failure_buckets"."count" + excluded."count"`;
}

/** Flush markers live in system_state under this prefix until the flush is known to be done. */
const MARKER = "usage_flush:";
const STALE_MARKER_MS = 86_400_000;

/** The Prisma path (PostgreSQL): a few multi-row upserts in one transaction. */
async function writePrisma(db: Db, batch: Batch, plan: MarkerPlan): Promise<number> {
  const { marker, cleanup, sweep } = plan;
  const statements: Prisma.PrismaPromise<unknown>[] = [
    // First, so a replayed batch fails on the unique key before touching anything.
    ...(marker ? [db.systemState.create({ data: { key: marker, value: String(Date.now()) } })] : []),
    ...(cleanup.length ? [db.systemState.deleteMany({ where: { key: { in: cleanup } } })] : []),
    ...(sweep
      ? [
          db.systemState.deleteMany({
            where: { key: { startsWith: sweep.prefix }, updatedAt: { lt: new Date(sweep.before) } },
          }),
        ]
      : []),
    ...chunks(batch.usage, CHUNK).map((rows) => upsertUsage(db, rows)),
    // Same transaction: the roll-ups never disagree with the minute rows.
    ...chunks(rollupsOf(batch.usage), CHUNK).map((rows) => upsertRollups(db, rows)),
    ...chunks(batch.authFailures, CHUNK).map((rows) => upsertAuthFailures(db, rows)),
    ...(batch.logs?.length ? insertRequestLogs(db, batch.logs) : []),
  ];
  // lastUsedAt is "seen within this second": group keys by second so it is usually one UPDATE.
  const bySecond = new Map<number, string[]>();
  for (const t of batch.touched) {
    const second = t.at - (t.at % 1000);
    const ids = bySecond.get(second);
    if (ids) ids.push(t.keyId);
    else bySecond.set(second, [t.keyId]);
  }
  for (const [second, ids] of bySecond)
    statements.push(
      db.apiKey.updateMany({ where: { id: { in: ids } }, data: { lastUsedAt: new Date(second) } }),
    );
  try {
    await db.$transaction(statements);
  } catch (err) {
    if (
      marker &&
      (err as { code?: string }).code === "P2002" &&
      (await db.systemState.findUnique({ where: { key: marker } }))
    )
      return 0;
    throw err;
  }
  return statements.length;
}

export function databaseStore(db: Db): UsageStore {
  // Markers of flushes known to have committed: deleted with the next write.
  let done: string[] = [];
  let writes = 0;
  return {
    async write(batch, batchId) {
      const marker = batchId ? `${MARKER}${batchId}` : null;
      const cleanup = done;
      // Markers of processes that died between a lost reply and its retry: swept once in a while.
      const sweep =
        ++writes % 1000 === 0 ? { prefix: MARKER, before: Date.now() - STALE_MARKER_MS } : undefined;
      const plan = { marker, cleanup, sweep };
      const thread = usageWriteThread(db);
      const conn = thread ? null : sqliteWriter(db);
      const statements = thread
        ? await thread.write(batch, plan)
        : conn
          ? writeBatchSqlite(conn, batch, plan)
          : await writePrisma(db, batch, plan);
      if (statements === 0 && marker) {
        // An earlier attempt of this very batch committed: nothing written again.
        done = [...done, marker];
        return 0;
      }
      if (marker) done = cleanup === done ? [marker] : [...done.filter((m) => !cleanup.includes(m)), marker];
      return statements;
    },

    async monthUnits(accountId, monthStart) {
      const agg = await db.usageBucket.aggregate({
        _sum: { units: true },
        where: { accountId, minute: { gte: new Date(monthStart) } },
      });
      return agg._sum.units ?? 0;
    },

    async keyMonthUnits(apiKeyId, monthStart) {
      const agg = await db.usageBucket.aggregate({
        _sum: { units: true },
        where: { apiKeyId, minute: { gte: new Date(monthStart) } },
      });
      return agg._sum.units ?? 0;
    },

    async orphans(batch) {
      const keyIds = [
        ...new Set([...batch.usage.map((r) => r.apiKeyId), ...batch.touched.map((t) => t.keyId)]),
      ];
      const accountIds = [...new Set(batch.authFailures.map((r) => r.accountId))];
      const keys = new Set(
        (await db.apiKey.findMany({ where: { id: { in: keyIds } }, select: { id: true } })).map((k) => k.id),
      );
      const accounts = new Set(
        (await db.account.findMany({ where: { id: { in: accountIds } }, select: { id: true } })).map(
          (a) => a.id,
        ),
      );
      const dropped = batch.usage.filter((r) => !keys.has(r.apiKeyId));
      return {
        kept: {
          usage: batch.usage.filter((r) => keys.has(r.apiKeyId)),
          authFailures: batch.authFailures.filter((r) => accounts.has(r.accountId)),
          touched: batch.touched.filter((t) => keys.has(t.keyId)),
        },
        dropped,
      };
    },
  };
}

/** The roll-ups of one account in a window: by bucket, endpoint and key, each by status class. */
export function rollupGroups(
  db: Db,
  q: { accountId: string; keyIds?: string[]; period: "hour" | "day"; from: Date; to: Date },
) {
  const where = {
    accountId: q.accountId,
    ...(q.keyIds ? { apiKeyId: { in: q.keyIds } } : {}),
    period: q.period,
    start: { gte: q.from, lt: q.to },
  };
  const sums = { _sum: { requests: true, units: true } } as const;
  return Promise.all([
    db.usageRollup.groupBy({ by: ["start", "statusClass"], where, ...sums }),
    db.usageRollup.groupBy({ by: ["endpoint", "statusClass"], where, ...sums }),
    db.usageRollup.groupBy({ by: ["apiKeyId", "statusClass"], where, ...sums }),
  ]);
}

/** An account's requests and units from the day roll-ups starting at or after `start`. */
export async function daySums(
  db: Db,
  accountId: string,
  start: Date,
): Promise<{ requests: number; units: number }> {
  const sum = await db.usageRollup.aggregate({
    where: { accountId, period: "day", start: { gte: start } },
    _sum: { requests: true, units: true },
  });
  return { requests: sum._sum.requests ?? 0, units: sum._sum.units ?? 0 };
}

/** Minute buckets of an account (one key, since a time, when given) by key, endpoint and status class. */
export const bucketGroups = (db: Db, q: { accountId: string; apiKeyId?: string; since?: Date }) =>
  db.usageBucket.groupBy({
    by: ["apiKeyId", "endpoint", "statusClass"],
    where: { accountId: q.accountId, apiKeyId: q.apiKeyId, minute: q.since ? { gte: q.since } : undefined },
    _sum: { requests: true, units: true },
  });

/** Failed authentications of an account (one key prefix, since a time, when given) by reason. */
export const authFailureGroups = (db: Db, q: { accountId: string; keyPrefix?: string; since?: Date }) =>
  db.authFailureBucket.groupBy({
    by: ["reason"],
    where: { accountId: q.accountId, keyPrefix: q.keyPrefix, minute: q.since ? { gte: q.since } : undefined },
    _sum: { count: true },
  });

/** Units of an account's minute buckets from `since`. */
export async function bucketUnitsSince(db: Db, accountId: string, since: Date): Promise<number> {
  const month = await db.usageBucket.aggregate({
    _sum: { units: true },
    where: { accountId, minute: { gte: since } },
  });
  return month._sum.units ?? 0;
}
