import fs from "node:fs";
import path from "node:path";
import { envInt, envStr, setEnvDefault } from "../config";

export type Provider = "sqlite" | "postgresql";

/**
 * A DateTime as Prisma's SQLite adapter stores it ("2026-11-23T12:00:00.000+00:00"): raw SQL that
 * compares with or writes DateTime columns uses this text, so it sorts with and reads back like
 * the rows Prisma wrote.
 */
export const sqliteDateTime = (t: Date | number): string =>
  (typeof t === "number" ? new Date(t) : t).toISOString().replace("Z", "+00:00");

/** The embedded default: a SQLite file under the git-ignored data/ folder. */
export const DEFAULT_DATABASE_URL = "file:./data/statline.db";

export function databaseUrl(): string {
  return envStr("DATABASE_URL").trim() || DEFAULT_DATABASE_URL;
}

export function providerOf(url: string): Provider {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL)`);
}

/** SQLite's name for a private in-memory database (the schema engine's scratch database). */
export const SQLITE_MEMORY = ":memory:";

/**
 * Absolute path of a SQLite file: URL, resolved against the working directory; `file::memory:`
 * stays `:memory:` (resolving it used to create a real file named ":memory:" in the checkout).
 */
export function sqliteFilePath(url: string): string {
  const file = url.slice("file:".length).split("?")[0];
  return file === SQLITE_MEMORY ? SQLITE_MEMORY : path.resolve(process.cwd(), file);
}

/**
 * How long one SQLite statement waits for another process's lock. better-sqlite3 runs on the
 * event loop, so in a server this wait is a stall of the whole server: at 5,000 ms, a lock held for
 * 3 s made /healthz take 2.97 s and AUTH_BACKEND_UNAVAILABLE arrive after 5.1 s. The serving
 * entries (scripts/start.ts, scripts/serve.ts) set SERVER_SQLITE_BUSY_TIMEOUT_MS before the client
 * is created: below AUTH_DB_TIMEOUT_MS (800) with room for the few statements that may queue
 * behind one another, so a locked key lookup fails (503, retried) in time. CLI commands, imports
 * and the seed serve nobody and keep SQLite's usual 5 s: at 100 ms an `admin key create` beside a
 * running server's metering flush failed ("Operation has timed out").
 */
export const SERVER_SQLITE_BUSY_TIMEOUT_MS = 100;
export function sqliteBusyTimeoutMs(): number {
  return envInt("SQLITE_BUSY_TIMEOUT_MS");
}

/** Called by the serving entries before anything opens the database (see sqliteBusyTimeoutMs). */
export function applyServerBusyTimeout(): void {
  setEnvDefault("SQLITE_BUSY_TIMEOUT_MS", String(SERVER_SQLITE_BUSY_TIMEOUT_MS));
}

/**
 * Creates the SQLite file (and its folder) readable by this user only: it holds password and
 * key hashes, sessions and the request log. SQLite gives its journal files the database file's
 * mode. An existing file that others may read is tightened too (was 0644).
 */
export function ensurePrivateSqliteFile(file: string): void {
  if (file === SQLITE_MEMORY) return;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, "a", 0o600));
  try {
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  } catch {
    // Not ours to change (another owner): leave it; SQLite still opens it.
  }
}

/** Where each provider's schema and migrations live; prisma/schema.prisma is the source of truth. */
export function prismaPaths(provider: Provider) {
  const root = path.resolve(process.cwd(), "prisma");
  const dir = provider === "sqlite" ? root : path.join(root, "postgres");
  return {
    schema: path.join(dir, "schema.prisma"),
    migrations: path.join(dir, "migrations"),
    snapshot: path.join(dir, "migrations", "schema.snapshot.prisma"),
  };
}
