import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { ensurePrivateSqliteFile, providerOf, sqliteBusyTimeoutMs, sqliteFilePath } from "./config";
import { envInt } from "../config";

/** Driver-adapter factory for a DATABASE_URL; also used by the WASM migration engine. */
export function adapterFor(url: string) {
  if (providerOf(url) === "postgresql") {
    // Fail fast when PostgreSQL is down, so key validation can answer 503 within a second.
    return new PrismaPg({
      connectionString: url,
      connectionTimeoutMillis: envInt("DB_CONNECT_TIMEOUT_MS"),
      max: envInt("DB_POOL_SIZE"),
    });
  }
  const file = sqliteFilePath(url);
  ensurePrivateSqliteFile(file);
  return new PrismaBetterSqlite3({ url: file, timeout: sqliteBusyTimeoutMs() });
}
