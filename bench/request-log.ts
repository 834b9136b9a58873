// Figures for `npm run bench` (also alone: BENCH_ONLY=logs npm run bench):
//  - usage report latency per range from the hour/day roll-ups, for an account with a row every
//    minute for 30 days, on SQLite and PostgreSQL;
//  - request-log disk cost per million rows, SQLite and PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type Db } from "../lib/platform/db/client";
import { applyMigrations } from "../lib/platform/db/schema-engine";
import type { RequestLogRow } from "../lib/requestlog/buffer";
import { insertRequestLogs } from "../lib/requestlog/store";
import type { UsageRow } from "../lib/usage/meter";
import { USAGE_RANGES, usageReport } from "../lib/usage/report";
import { databaseStore } from "../lib/usage/store";
import { createPgDatabase } from "../tests/support/postgres";

export interface ReportTiming {
  backend: string;
  range: string;
  medianMs: number;
  maxMs: number;
  /** This process's CPU time per report (median): SQLite runs in-process, so it is the query's work, whatever the load. */
  cpuMs: number;
}
export interface DiskCost {
  backend: string;
  rows: number;
  bytesPerRow: number;
  mibPerMillion: number;
}

async function fresh(backend: "sqlite" | "postgresql"): Promise<{ db: Db; file?: string; drop: () => void }> {
  if (backend === "sqlite") {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "statline-bench-logs-")), "b.db");
    await applyMigrations(`file:${file}`);
    return {
      db: createClient(`file:${file}`),
      file,
      drop: () => fs.rmSync(path.dirname(file), { recursive: true }),
    };
  }
  const pg = createPgDatabase();
  await applyMigrations(pg.url);
  return { db: createClient(pg.url), drop: pg.drop };
}

const MINUTE = 60_000;

/** One key with a 2xx row every minute for 30 days (and a 4xx every 10 minutes), through the flush's write. */
async function fillMinutes(db: Db, now: number): Promise<{ accountId: string }> {
  const account = await db.account.create({ data: { name: "bench", plan: "unlimited" } });
  const key = await db.apiKey.create({
    data: {
      accountId: account.id,
      name: "k",
      environment: "live",
      prefix: "sk_live_benchrep",
      secretHash: "00",
    },
  });
  const store = databaseStore(db);
  const start = now - (now % MINUTE) - 30 * 24 * 60 * MINUTE;
  let batch: UsageRow[] = [];
  for (let m = start; m <= now; m += MINUTE) {
    const row = { accountId: account.id, apiKeyId: key.id, minute: m, endpoint: "/v1/teams", units: 1 };
    batch.push({ ...row, statusClass: "2xx", requests: 3 });
    if ((m / MINUTE) % 10 === 0) batch.push({ ...row, statusClass: "4xx", requests: 1, units: 0 });
    if (batch.length >= 2000) {
      await store.write({ usage: batch, authFailures: [], touched: [] });
      batch = [];
    }
  }
  if (batch.length) await store.write({ usage: batch, authFailures: [], touched: [] });
  return { accountId: account.id };
}

export async function usageReportTimings(log: (m: string) => void): Promise<ReportTiming[]> {
  const out: ReportTiming[] = [];
  for (const backend of ["sqlite", "postgresql"] as const) {
    const { db, drop } = await fresh(backend);
    try {
      const now = Date.now();
      const { accountId } = await fillMinutes(db, now);
      for (const range of USAGE_RANGES) {
        const times: number[] = [];
        const cpu: number[] = [];
        for (let i = 0; i < 21; i++) {
          const t = performance.now();
          const c = process.cpuUsage();
          await usageReport(db, { accountId, range, now: new Date(now) });
          const used = process.cpuUsage(c);
          // the first warms the statement cache
          if (i > 0) {
            times.push(performance.now() - t);
            cpu.push((used.user + used.system) / 1000);
          }
        }
        times.sort((x, y) => x - y);
        cpu.sort((x, y) => x - y);
        const row = {
          backend,
          range,
          medianMs: times[times.length >> 1],
          maxMs: times[times.length - 1],
          cpuMs: cpu[cpu.length >> 1],
        };
        log(
          `usage report ${backend} ${range}: median ${row.medianMs.toFixed(1)} ms, max ${row.maxMs.toFixed(1)} ms, ` +
            `CPU of this process ${row.cpuMs.toFixed(1)} ms (43,200 minutes of data)`,
        );
        out.push(row);
      }
    } finally {
      await db.$disconnect();
      drop();
    }
  }
  return out;
}

function logRow(i: number, now: number): RequestLogRow {
  const err = i % 10 === 0;
  return {
    id: `req_bench${i.toString(36).padStart(8, "0")}`,
    at: now - i * 50,
    accountId: "cmbenchaccount000000000000",
    keyPrefix: "sk_live_AbCdEfGh",
    environment: "live",
    method: "GET",
    path: err ? `/v1/teams/${100000 + (i % 5000)}` : "/v1/teams",
    query: i % 3 === 0 ? "limit=50&offset=100" : "",
    endpoint: err ? "/v1/teams/{id}" : "/v1/teams",
    status: err ? 404 : 200,
    errorCode: err ? "NOT_FOUND" : null,
    units: err ? 0 : 1,
    durationMs: 0.5 + (i % 97) / 10,
    ip: `203.0.113.${i % 250}`,
    userAgent: "statline-python/1.4.0 (+https://example.com)",
    sampleRate: 1,
    // Error rows (1 in 10 here) keep their message, headers and body as a real 404 has them.
    errorMessage: err ? `Team ${100000 + (i % 5000)} not found` : null,
    response: err ? BENCH_404 : null,
  };
}

const BENCH_404 = {
  headers: {
    "X-RateLimit-Limit": "20",
    "X-RateLimit-Remaining": "19",
    "X-RateLimit-Reset": "1",
    "X-Units-Used": "0",
    "Content-Type": "application/json; charset=utf-8",
    "X-Content-Type-Options": "nosniff",
    "X-Request-Id": "req_benchAbCdEf000001",
    "Content-Length": "58",
  },
  body: '{"error":{"code":"NOT_FOUND","message":"Team 100001 not found"}}',
};

/** Inserts `rows` request-log rows the way the flush does and measures what the database grew by. */
export async function requestLogDiskCost(log: (m: string) => void, rows = 200_000): Promise<DiskCost[]> {
  const out: DiskCost[] = [];
  for (const backend of ["sqlite", "postgresql"] as const) {
    const { db, file, drop } = await fresh(backend);
    try {
      const size = async () => {
        if (file) {
          await db.$executeRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)").catch(() => {});
          return fs.statSync(file).size;
        }
        const r = await db.$queryRawUnsafe<{ n: bigint }[]>(
          `SELECT pg_total_relation_size('request_logs') AS n`,
        );
        return Number(r[0].n);
      };
      const before = await size();
      const now = Date.now();
      for (let i = 0; i < rows; i += 2000) {
        const batch = Array.from({ length: Math.min(2000, rows - i) }, (_, j) => logRow(i + j, now));
        await db.$transaction(insertRequestLogs(db, batch));
      }
      if (!file) await db.$executeRawUnsafe(`VACUUM ANALYZE request_logs`);
      const grown = (await size()) - before;
      const row = {
        backend,
        rows,
        bytesPerRow: grown / rows,
        mibPerMillion: ((grown / rows) * 1e6) / 2 ** 20,
      };
      log(
        `request log disk ${backend}: ${row.bytesPerRow.toFixed(0)} bytes/row with indexes = ${row.mibPerMillion.toFixed(0)} MiB per million requests`,
      );
      out.push(row);
    } finally {
      await db.$disconnect();
      drop();
    }
  }
  return out;
}

/**
 * The request log's own CPU per request, in process (no HTTP, no database): recordRequest for a
 * cache hit, as the pipeline calls it, with the buffer drained as the flush would. Process CPU
 * time, so a busy machine stretches it far less than wall-clock throughput.
 */
export async function recordCpuPerRequest(): Promise<{ loggedUs: number; sampledUs: number }> {
  const { recordRequest } = await import("../lib/requestlog/record");
  const { requestLogState } = await import("../lib/requestlog/index");
  const state = requestLogState;
  state.started = true; // no flush timer here
  const req = {
    method: "GET",
    path: "/v1/teams",
    query: new URLSearchParams(),
    rawQuery: "",
    ip: "127.0.0.1",
    header: (n: string) => (n === "user-agent" ? "autocannon" : undefined),
  };
  const res = { status: 200, headers: { "X-Request-Id": "req_benchAAAA000001" }, body: "" };
  const trace = {
    caller: {
      keyId: "k",
      accountId: "a",
      prefix: "sk_test_AbCdEfGh",
      environment: "test" as const,
      plan: "p",
      restrictions: null,
    },
    failure: null,
    errorCode: null,
    units: 1,
  };
  const run = (n: number) => {
    const c = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      recordRequest(req, res, "/v1/teams", trace, 0.05);
      if (i % 1000 === 999) state.buffer.committed(state.buffer.drain());
    }
    const u = process.cpuUsage(c);
    return (u.user + u.system) / n;
  };
  run(200_000); // warm-up
  // A flood of successes: beyond the per-second budget most calls are only counted.
  const sampledUs = run(1_000_000);
  // Errors are always logged: every call builds and buffers a full row (the worst case).
  const notFound = { ...res, status: 404 };
  const loggedRuns: number[] = [];
  for (let r = 0; r < 5; r++) {
    const c = process.cpuUsage();
    for (let i = 0; i < 200_000; i++) {
      recordRequest(req, notFound, "/v1/teams", trace, 0.05);
      if (i % 1000 === 999) state.buffer.committed(state.buffer.drain());
    }
    const u = process.cpuUsage(c);
    loggedRuns.push((u.user + u.system) / 200_000);
  }
  loggedRuns.sort((a, b) => a - b);
  return { loggedUs: loggedRuns[2], sampledUs };
}
