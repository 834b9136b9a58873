import type { Db } from "../db";
import { Prisma } from "../generated/sqlite/client";
import type { Batch, UsageRow } from "./meter";

/**
 * Where metering goes: the database (UsageBucket, AuthFailureBucket, ApiKey.lastUsedAt).
 * A flush is one transaction of a few multi-row upserts, whatever the request rate.
 */
export interface UsageStore {
  /** Writes a batch atomically; returns the number of SQL statements it took. */
  write(batch: Batch): Promise<number>;
  /** Units the account used this month, from flushed buckets. */
  monthUnits(accountId: string, monthStart: number): Promise<number>;
  /** Splits off rows whose key or account no longer exists (they would fail the write forever). */
  orphans(batch: Batch): Promise<{ kept: Batch; dropped: UsageRow[] }>;
}

/** Rows per statement: 7 parameters each stays far below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

// INSERT … ON CONFLICT DO UPDATE with additive increments works unchanged on SQLite and
// PostgreSQL, and Prisma.sql binds the Date the same way the Prisma client does on each.
function upsertUsage(db: Db, rows: UsageRow[]) {
  const values = Prisma.join(
    rows.map((r) => Prisma.sql`(${r.accountId}, ${r.apiKeyId}, ${new Date(r.minute)}, ${r.endpoint}, ${r.statusClass}, ${r.requests}, ${r.units})`),
  );
  return db.$executeRaw`INSERT INTO "usage_buckets" ("accountId", "apiKeyId", "minute", "endpoint", "statusClass", "requests", "units")
    VALUES ${values}
    ON CONFLICT ("apiKeyId", "minute", "endpoint", "statusClass")
    DO UPDATE SET "requests" = "usage_buckets"."requests" + excluded."requests", "units" = "usage_buckets"."units" + excluded."units"`;
}

function upsertAuthFailures(db: Db, rows: Batch["authFailures"]) {
  const values = Prisma.join(rows.map((r) => Prisma.sql`(${r.accountId}, ${r.keyPrefix}, ${new Date(r.minute)}, ${r.reason}, ${r.count})`));
  return db.$executeRaw`INSERT INTO "auth_failure_buckets" ("accountId", "keyPrefix", "minute", "reason", "count")
    VALUES ${values}
    ON CONFLICT ("accountId", "keyPrefix", "minute", "reason")
    DO UPDATE SET "count" = "auth_failure_buckets"."count" + excluded."count"`;
}

export function databaseStore(db: Db): UsageStore {
  return {
    async write(batch) {
      const statements: Prisma.PrismaPromise<unknown>[] = [
        ...chunks(batch.usage).map((rows) => upsertUsage(db, rows)),
        ...chunks(batch.authFailures).map((rows) => upsertAuthFailures(db, rows)),
      ];
      // lastUsedAt is "seen within this second": group keys by second so it is usually one UPDATE.
      const bySecond = new Map<number, string[]>();
      for (const t of batch.touched) {
        const second = t.at - (t.at % 1000);
        const ids = bySecond.get(second);
        if (ids) ids.push(t.keyId);
        else bySecond.set(second, [t.keyId]);
      }
      for (const [second, ids] of bySecond) {
        statements.push(db.apiKey.updateMany({ where: { id: { in: ids } }, data: { lastUsedAt: new Date(second) } }));
      }
      if (statements.length > 0) await db.$transaction(statements);
      return statements.length;
    },

    async monthUnits(accountId, monthStart) {
      const agg = await db.usageBucket.aggregate({ _sum: { units: true }, where: { accountId, minute: { gte: new Date(monthStart) } } });
      return agg._sum.units ?? 0;
    },

    async orphans(batch) {
      const keyIds = [...new Set([...batch.usage.map((r) => r.apiKeyId), ...batch.touched.map((t) => t.keyId)])];
      const accountIds = [...new Set(batch.authFailures.map((r) => r.accountId))];
      const keys = new Set((await db.apiKey.findMany({ where: { id: { in: keyIds } }, select: { id: true } })).map((k) => k.id));
      const accounts = new Set((await db.account.findMany({ where: { id: { in: accountIds } }, select: { id: true } })).map((a) => a.id));
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
