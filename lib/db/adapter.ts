import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { providerOf, SQLITE_MEMORY, sqliteFilePath } from "./config";

/** Driver-adapter factory for a DATABASE_URL; also used by the WASM migration engine. */
export function adapterFor(url: string) {
  if (providerOf(url) === "postgresql") {
    // Fail fast when PostgreSQL is down, so key validation can answer 503 within a second.
    return new PrismaPg({
      connectionString: url,
      connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 800),
      max: Number(process.env.DB_POOL_SIZE ?? 10),
    });
  }
  const file = sqliteFilePath(url);
  if (file !== SQLITE_MEMORY) fs.mkdirSync(path.dirname(file), { recursive: true });
  return new PrismaBetterSqlite3({ url: file, timeout: 5000 });
}
