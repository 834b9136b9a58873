import { createClient, type Db } from "../../lib/platform/db/client";
import { copyTemplateDb } from "./app";
import { createMigratedPgDatabase } from "./postgres";
import { ensureTemplateDb } from "./template";

export interface TestDb {
  name: string;
  db: Db;
  drop: () => Promise<void>;
}

/** A private copy of the seeded SQLite template, as a Prisma client. */
export async function sqliteTestDb(): Promise<TestDb> {
  const db = createClient(copyTemplateDb(ensureTemplateDb()));
  return { name: "sqlite", db, drop: () => db.$disconnect() };
}

/** A fresh, migrated PostgreSQL database (tests/support/postgres.ts), dropped by drop(). */
export async function postgresTestDb(): Promise<TestDb> {
  const pg = await createMigratedPgDatabase();
  const db = createClient(pg.url);
  return {
    name: "postgresql",
    db,
    drop: async () => {
      await db.$disconnect();
      pg.drop();
    },
  };
}

/** An account with one key (a placeholder secret hash): the owners that metering rows refer to. */
export async function accountWithKey(
  db: Db,
  name: string,
  prefix: string,
): Promise<{ accountId: string; keyId: string }> {
  const account = await db.account.create({ data: { name } });
  const key = await db.apiKey.create({
    data: { accountId: account.id, name: "k", environment: "test", prefix, secretHash: "0".repeat(64) },
  });
  return { accountId: account.id, keyId: key.id };
}
