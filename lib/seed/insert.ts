import Database from "better-sqlite3";
import { Client } from "pg";
import { providerOf, sqliteDateTime, sqliteFilePath } from "../platform/db/config";
import { SPORTS_TABLES, TABLES, type Row, type TableName, type TableWriter, type Value } from "./tables";

/**
 * Bulk writers for the generator. Prisma's createMany costs ~110 µs a row on SQLite (measured:
 * 100k odds rows in 11 s) against ~3 µs for a prepared multi-row INSERT, so the seed writes raw
 * SQL in one transaction per provider; everything else in the app goes through Prisma.
 */
export interface BulkWriter extends TableWriter {
  /** Opens the transaction and empties the sports tables. */
  beginFresh(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;
}

const q = (name: string) => `"${name}"`;
const columnsOf = (table: TableName) => Object.keys(TABLES[table]);

/** Dates in Prisma's SQLite text (so comparisons sort right), booleans as 0/1. */
const sqliteValue = (v: Value) =>
  v instanceof Date ? sqliteDateTime(v) : typeof v === "boolean" ? (v ? 1 : 0) : v;

class SqliteWriter implements BulkWriter {
  private db: Database.Database;
  private statements = new Map<string, Database.Statement>();

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma("busy_timeout = 10000");
  }

  async beginFresh() {
    this.db.exec("BEGIN IMMEDIATE");
    for (const t of SPORTS_TABLES) this.db.exec(`DELETE FROM ${q(t)}`);
    // Fresh ids from 1 for the tables that are not written with explicit ids.
    this.db.exec(
      `DELETE FROM sqlite_sequence WHERE name IN (${SPORTS_TABLES.map((t) => `'${t}'`).join(",")})`,
    );
  }

  private statement(table: TableName, count: number): Database.Statement {
    const key = `${table}:${count}`;
    let stmt = this.statements.get(key);
    if (!stmt) {
      const cols = columnsOf(table);
      const tuple = `(${cols.map(() => "?").join(",")})`;
      stmt = this.db.prepare(
        `INSERT INTO ${q(table)} (${cols.map(q).join(",")}) VALUES ${Array(count).fill(tuple).join(",")}`,
      );
      this.statements.set(key, stmt);
    }
    return stmt;
  }

  async insert<T extends TableName>(table: T, rows: Row<T>[]) {
    const cols = columnsOf(table) as (keyof Row<T>)[];
    const batch = 200;
    for (let i = 0; i < rows.length; i += batch) {
      const chunk = rows.slice(i, i + batch);
      const args: unknown[] = [];
      for (const row of chunk) for (const c of cols) args.push(sqliteValue(row[c]));
      this.statement(table, chunk.length).run(args);
    }
  }

  async commit() {
    this.db.exec("COMMIT");
  }

  async rollback() {
    if (this.db.inTransaction) this.db.exec("ROLLBACK");
  }

  async close() {
    this.db.close();
  }
}

/** PostgreSQL "timestamp(3)" is zone-less; Prisma stores UTC wall time, so send exactly that. */
const pgValue = (v: Value) => (v instanceof Date ? v.toISOString().replace("T", " ").replace("Z", "") : v);

class PostgresWriter implements BulkWriter {
  private client: Client;
  private connected: Promise<void>;

  constructor(url: string) {
    this.client = new Client({ connectionString: url });
    this.connected = this.client.connect().then(() => undefined);
  }

  async beginFresh() {
    await this.connected;
    await this.client.query("BEGIN");
    await this.client.query(`TRUNCATE ${SPORTS_TABLES.map(q).join(", ")} RESTART IDENTITY CASCADE`);
  }

  /** One statement per batch: each column travels as one typed array through unnest(). */
  async insert<T extends TableName>(table: T, rows: Row<T>[]) {
    const spec = TABLES[table] as Record<string, string>;
    const cols = Object.keys(spec);
    const sql = `INSERT INTO ${q(table)} (${cols.map(q).join(",")}) SELECT * FROM unnest(${cols.map((c, i) => `$${i + 1}::${spec[c]}[]`).join(",")})`;
    const batch = 20_000;
    for (let i = 0; i < rows.length; i += batch) {
      const chunk = rows.slice(i, i + batch) as Record<string, Value>[];
      await this.client.query(
        sql,
        cols.map((c) => chunk.map((r) => pgValue(r[c]))),
      );
    }
  }

  async commit() {
    // Rows were written with explicit ids: move each serial sequence past them.
    for (const t of SPORTS_TABLES) {
      // Only the seed's own tables with a serial id (not the name tokens or maintained aggregates).
      if (!(t in TABLES) || !("id" in TABLES[t as TableName])) continue;
      await this.client.query(
        `SELECT setval(pg_get_serial_sequence('${q(t)}', 'id'), COALESCE((SELECT MAX(id) FROM ${q(t)}), 0) + 1, false)`,
      );
    }
    await this.client.query("COMMIT");
  }

  async rollback() {
    await this.client.query("ROLLBACK").catch(() => {});
  }

  async close() {
    await this.client.end();
  }
}

export function openWriter(url: string): BulkWriter {
  return providerOf(url) === "postgresql" ? new PostgresWriter(url) : new SqliteWriter(sqliteFilePath(url));
}
