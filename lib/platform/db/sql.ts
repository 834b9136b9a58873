import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import { perProcess } from "../process-state";
import { urlOf, type Db } from "./client";
import { providerOf, sqliteBusyTimeoutMs, sqliteDateTime, sqliteFilePath, type Provider } from "./config";
import { envInt } from "../config";

/**
 * Prepared statements for the hot reads, on the driver Prisma's adapter uses (better-sqlite3 or
 * pg), beside the Prisma client, which stays the source of the schema and does every write.
 * Measured on the bench: a Prisma query costs ~200 µs of CPU (query compiler, result mapping, one
 * `prepare` per call in the adapter); the same statement prepared once and run with rows as
 * arrays costs ~10 µs on SQLite. Repository modules (lib/repos) are the only callers; they pass
 * the client they were given, and the statements run on the same database as that client.
 */
export type SqlParam = string | number | null;
export type SqlRow = unknown[];

/** The few spellings that differ between the two providers. */
export interface Dialect {
  provider: Provider;
  /** A DateTime column as selected for `isoValue` (SQL side). */
  iso(col: string): string;
  /** The value `iso(col)` returned, as ISO-8601 text in UTC with milliseconds ("…T09:00:00.000Z"). */
  isoValue(v: unknown): string;
  /** A DateTime column as its calendar day, YYYY-MM-DD. */
  day(col: string): string;
  /** A Date as a parameter compared with DateTime columns. */
  at(d: Date): string;
  /** The placeholder of a LIMIT or OFFSET value. */
  limit: string;
}

/**
 * SQLite DateTime text as strftime('%Y-%m-%dT%H:%M:%fZ') would print it: Prisma's own format is
 * sliced; anything else (another writer's text or epoch milliseconds) is read as UTC and formatted.
 */
export function sqliteIso(v: unknown): string {
  if (typeof v === "string") {
    if (v.length === 29 && v.endsWith("+00:00") && v[10] === "T") return `${v.slice(0, 23)}Z`;
    const zoned = /(?:[zZ]|[+-]\d\d:?\d\d)$/.test(v);
    return new Date(zoned ? v.replace(" ", "T") : `${v.replace(" ", "T")}Z`).toISOString();
  }
  return new Date(Number(v)).toISOString();
}

const sqliteDialect: Dialect = {
  provider: "sqlite",
  // Prisma's SQLite adapter stores DateTime as "YYYY-MM-DDTHH:MM:SS.sss+00:00" text. Converted in
  // JS, not with strftime: strftime on a 101-row odds page cost ~380 µs of the ~935 µs statement
  // (better-sqlite3 loop on the bench database), the string slice below well under 1 µs a row.
  iso: (col) => col,
  isoValue: sqliteIso,
  day: (col) => `substr(${col}, 1, 10)`,
  at: sqliteDateTime,
  // Not a bare `?`: SQLite (3.53 here) plans with a LIMIT/OFFSET parameter's bound value, so every
  // rebinding expired the statement and `all()` prepared it again (perf uprobe: one
  // sqlite3Reprepare per request). An expression is planned without the value: a persons search's
  // statement 52 -> 36 µs, the odds page's 160 -> 140 µs (better-sqlite3 loop, bench database).
  limit: "+?",
};

const postgresDialect: Dialect = {
  provider: "postgresql",
  // timestamp(3) without time zone holding UTC wall time (how Prisma writes it).
  iso: (col) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  isoValue: (v) => String(v),
  day: (col) => `to_char(${col}, 'YYYY-MM-DD')`,
  at: (d) => d.toISOString(),
  limit: "?",
};

/** The dialect of a provider, without opening a reader (for raw SQL run through Prisma). */
export const dialectFor = (provider: Provider): Dialect =>
  provider === "postgresql" ? postgresDialect : sqliteDialect;

/** A statement written once with `?` placeholders, rendered per dialect on first use. */
export interface Statement {
  render(d: Dialect): string;
}

export function statement(render: (d: Dialect) => string): Statement {
  const byProvider = new Map<Provider, string>();
  return {
    render(d) {
      let text = byProvider.get(d.provider);
      if (text === undefined) byProvider.set(d.provider, (text = render(d)));
      return text;
    },
  };
}

interface Reader {
  dialect: Dialect;
  rows(text: string, params: SqlParam[]): Promise<SqlRow[]> | SqlRow[];
}

function sqliteReader(url: string): Reader {
  const conn = new Database(sqliteFilePath(url), { fileMustExist: true, timeout: sqliteBusyTimeoutMs() });
  const prepared = new Map<string, Database.Statement<SqlParam[], SqlRow>>();
  return {
    dialect: sqliteDialect,
    rows(text, params) {
      let stmt = prepared.get(text);
      if (!stmt) prepared.set(text, (stmt = conn.prepare<SqlParam[], SqlRow>(text).raw(true)));
      return stmt.all(...params);
    },
  };
}

function postgresReader(url: string): Reader {
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: envInt("DB_CONNECT_TIMEOUT_MS"),
    max: envInt("DB_READ_POOL_SIZE"),
    // Idle read connections never keep a CLI or test process alive.
    allowExitOnIdle: true,
  });
  // An idle client's error (server restart) is reported on the next query; never crash on it.
  pool.on("error", () => {});
  const names = new Map<string, string>();
  const texts = new Map<string, string>();
  return {
    dialect: postgresDialect,
    async rows(source, params) {
      // `?` -> `$n` once per statement; a named statement is parsed and planned once per connection.
      let text = texts.get(source);
      if (text === undefined) {
        let n = 0;
        texts.set(source, (text = source.replace(/\?/g, () => `$${++n}`)));
        names.set(source, `sl_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`);
      }
      const res = await pool.query({ name: names.get(source), text, values: params, rowMode: "array" });
      return res.rows as SqlRow[];
    },
  };
}

const readers = perProcess("sqlReaders", () => new Map<string, Reader>());

function reader(db: Db): Reader {
  const url = urlOf(db);
  let r = readers.get(url);
  if (!r) {
    r = providerOf(url) === "postgresql" ? postgresReader(url) : sqliteReader(url);
    readers.set(url, r);
  }
  return r;
}

/** The dialect of the configured database (for statements built from optional parts). */
export const dialect = (db: Db): Dialect => reader(db).dialect;

/**
 * Sees every read's statement text and parameters when set: the bench's per-endpoint floor
 * (bench/floor.ts) replays exactly these statements through the same driver. One property check
 * per read otherwise.
 */
export const sqlTrace: { fn: ((text: string, params: SqlParam[]) => void) | null } = { fn: null };

/** Runs a read; each row is an array in select-list order. */
export async function sqlRows(db: Db, stmt: Statement | string, params: SqlParam[]): Promise<SqlRow[]> {
  const r = reader(db);
  const text = typeof stmt === "string" ? stmt : stmt.render(r.dialect);
  if (sqlTrace.fn) sqlTrace.fn(text, params);
  return r.rows(text, params);
}

const writers = perProcess("sqlWriters", () => new Map<string, Database.Database>());

/**
 * A better-sqlite3 connection of its own for the metering flush's batch writes on SQLite (null on
 * PostgreSQL, where Prisma writes): rows go through statements prepared once, one `run` per row,
 * in a `BEGIN IMMEDIATE` transaction (lib/usage/sqlite-write.ts). Measured on the bench: through
 * Prisma's `$executeRaw`, a flush of ~900 request-log rows held the event loop for ~60 ms and
 * made the paced p99 of a persons search 72 ms instead of 6 ms.
 */
export function sqliteWriter(db: Db): Database.Database | null {
  const url = urlOf(db);
  if (providerOf(url) !== "sqlite") return null;
  let conn = writers.get(url);
  if (!conn) {
    conn = new Database(sqliteFilePath(url), { fileMustExist: true, timeout: sqliteBusyTimeoutMs() });
    writers.set(url, conn);
  }
  return conn;
}

/** Booleans come back as 0/1 from SQLite and true/false from PostgreSQL. */
export const bool = (v: unknown): boolean => v === true || v === 1;
/** count(*) is a bigint in PostgreSQL (text in pg's array rows). */
export const int = (v: unknown): number => Number(v);
