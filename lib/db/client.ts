import { PrismaClient as SqliteClient } from "../generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../generated/postgres/client";
import { adapterFor } from "./adapter";
import { databaseUrl, providerOf } from "./config";

/**
 * Both generated clients expose the same model API (they come from one schema), so the
 * SQLite client's type stands for either.
 */
export type Db = SqliteClient;

export function createClient(url: string = databaseUrl()): Db {
  const adapter = adapterFor(url);
  if (providerOf(url) === "postgresql") {
    return new PostgresClient({ adapter }) as unknown as Db;
  }
  return new SqliteClient({ adapter });
}
