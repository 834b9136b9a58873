import { PrismaClient as SqliteClient, type Prisma } from "../../generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../../generated/postgres/client";
import { adapterFor } from "./adapter";
import { databaseUrl, providerOf } from "./config";
import { perProcess } from "../process-state";

/**
 * Both generated clients expose the same model API (they come from one schema), so the
 * SQLite client's type stands for either.
 */
export type Db = SqliteClient;

/** The client inside `db.$transaction(async (tx) => …)`; repository writes that may join one take `DbOrTx`. */
export type Tx = Prisma.TransactionClient;
/** The one type for "the client or a transaction". */
export type DbOrTx = Db | Tx;

// The URL each client was made for: the prepared-statement layer (lib/platform/db/sql.ts) opens its own
// statements on the same database.
const urls = perProcess("clientUrls", () => new WeakMap<object, string>());

export function createClient(url: string = databaseUrl()): Db {
  const adapter = adapterFor(url);
  const client =
    providerOf(url) === "postgresql"
      ? (new PostgresClient({ adapter }) as unknown as Db)
      : new SqliteClient({ adapter });
  urls.set(client, url);
  return client;
}

/** The DATABASE_URL a client was created for (the configured one for a client made elsewhere). */
export const urlOf = (db: DbOrTx): string => urls.get(db) ?? databaseUrl();

/** One round trip to the database (/readyz). */
export const pingDatabase = (db: Db) => db.$queryRawUnsafe("SELECT 1");
