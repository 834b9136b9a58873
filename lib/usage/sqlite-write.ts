import type Database from "better-sqlite3";
import { preparedOnce } from "../platform/db/prepared";
import { sqliteDateTime as at } from "../platform/db/config";
import { storedBody, storedHeaders, storedMessage } from "../requestlog/response";
import { rollupsOf } from "./rollups";
import type { Batch } from "./meter";

/**
 * The metering flush on SQLite (lib/usage/store.ts picks it): the same rows and upserts as the
 * Prisma path, as statements prepared once per connection and run once per row inside one
 * `BEGIN IMMEDIATE` transaction (the write lock up front, so the transaction never meets
 * SQLITE_BUSY halfway through on a read-to-write upgrade). DateTime values are written in Prisma's
 * own SQLite format, so Prisma reads them back and the unique keys match rows it wrote.
 */
const SQL = {
  marker: `INSERT INTO "system_state" ("key", "value", "updatedAt") VALUES (?, ?, ?)`,
  markerExists: `SELECT 1 FROM "system_state" WHERE "key" = ?`,
  unmark: `DELETE FROM "system_state" WHERE "key" = ?`,
  sweep: `DELETE FROM "system_state" WHERE "key" >= ? AND "key" < ? AND "updatedAt" < ?`,
  usage: `INSERT INTO "usage_buckets" ("accountId", "apiKeyId", "minute", "endpoint", "statusClass", "requests", "units")
    VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT ("apiKeyId", "minute", "endpoint", "statusClass")
    DO UPDATE SET "requests" = "requests" + excluded."requests", "units" = "units" + excluded."units"`,
  rollup: `INSERT INTO "usage_rollups" ("accountId", "apiKeyId", "period", "start", "endpoint", "statusClass", "requests", "units")
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT ("apiKeyId", "period", "start", "endpoint", "statusClass")
    DO UPDATE SET "requests" = "requests" + excluded."requests", "units" = "units" + excluded."units"`,
  authFailure: `INSERT INTO "auth_failure_buckets" ("accountId", "keyPrefix", "minute", "reason", "count")
    VALUES (?, ?, ?, ?, ?)
    ON CONFLICT ("accountId", "keyPrefix", "minute", "reason") DO UPDATE SET "count" = "count" + excluded."count"`,
  log: `INSERT INTO "request_logs" ("id", "at", "accountId", "keyPrefix", "environment", "method", "path", "query", "endpoint", "status", "errorCode", "units", "durationMs", "ip", "userAgent", "sampleRate", "errorMessage", "responseHeaders", "responseBody")
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT ("id") DO NOTHING`,
  touch: `UPDATE "api_keys" SET "lastUsedAt" = ? WHERE "id" = ?`,
} as const;

const prepared = preparedOnce(SQL);

export interface MarkerPlan {
  /** This batch's marker key (null: not idempotent). */
  marker: string | null;
  /** Markers of batches known to have committed, deleted in this transaction. */
  cleanup: string[];
  /** When set, markers under this prefix older than `before` are swept too. */
  sweep?: { prefix: string; before: number };
}

/**
 * Writes the batch; returns the statements run, or 0 when the marker shows that this very batch
 * committed earlier (nothing written again).
 */
export function writeBatchSqlite(conn: Database.Database, batch: Batch, plan: MarkerPlan): number {
  const p = prepared(conn);
  let statements = 0;
  const run = (stmt: Database.Statement, ...params: unknown[]) => {
    stmt.run(...params);
    statements++;
  };
  const write = () => {
    const now = Date.now();
    if (plan.marker) run(p.marker, plan.marker, String(now), at(now));
    for (const key of plan.cleanup) run(p.unmark, key);
    if (plan.sweep) run(p.sweep, plan.sweep.prefix, `${plan.sweep.prefix}\uffff`, at(plan.sweep.before));
    for (const r of batch.usage)
      run(p.usage, r.accountId, r.apiKeyId, at(r.minute), r.endpoint, r.statusClass, r.requests, r.units);
    for (const r of rollupsOf(batch.usage))
      run(
        p.rollup,
        r.accountId,
        r.apiKeyId,
        r.period,
        at(r.minute),
        r.endpoint,
        r.statusClass,
        r.requests,
        r.units,
      );
    for (const r of batch.authFailures)
      run(p.authFailure, r.accountId, r.keyPrefix, at(r.minute), r.reason, r.count);
    for (const r of batch.logs ?? [])
      run(
        p.log,
        r.id,
        at(r.at),
        r.accountId,
        r.keyPrefix,
        r.environment,
        r.method,
        r.path,
        r.query,
        r.endpoint,
        r.status,
        r.errorCode,
        r.units,
        r.durationMs,
        r.ip,
        r.userAgent,
        r.sampleRate,
        // Error rows' response detail is capped and redacted here, on the writer thread.
        storedMessage(r.errorMessage),
        r.response ? storedHeaders(r.response.headers) : null,
        r.response ? storedBody(r.response.body) : null,
      );
    // lastUsedAt is "seen within this second".
    for (const t of batch.touched) run(p.touch, at(t.at - (t.at % 1000)), t.keyId);
  };
  try {
    conn.transaction(write).immediate();
  } catch (err) {
    const code = (err as { code?: string }).code ?? "";
    if (plan.marker && code.startsWith("SQLITE_CONSTRAINT") && p.markerExists.get(plan.marker)) return 0;
    throw err;
  }
  return statements;
}
