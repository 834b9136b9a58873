import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { applyMigrations } from "../../lib/db/schema-engine";
import { createClient, type Db } from "../../lib/db/client";
import { copyTemplateDb } from "./app";
import { ensureTemplateDb } from "./template";

export interface TestDb {
  name: string;
  db: Db;
  drop: () => Promise<void>;
}

/** A private copy of the seeded SQLite template. */
export async function sqliteTestDb(): Promise<TestDb> {
  const db = createClient(copyTemplateDb(ensureTemplateDb()));
  return { name: "sqlite", db, drop: () => db.$disconnect() };
}

/** A fresh, migrated PostgreSQL database on 127.0.0.1:5432 (statline_t_<random>), dropped afterwards. */
export async function postgresTestDb(): Promise<TestDb> {
  const name = `statline_t_${randomBytes(5).toString("hex")}`;
  const pg = ["-h", "127.0.0.1", "-p", "5432", "-U", "postgres"];
  execFileSync("createdb", [...pg, name]);
  const url = `postgresql://postgres@127.0.0.1:5432/${name}`;
  await applyMigrations(url);
  const db = createClient(url);
  return {
    name: "postgresql",
    db,
    drop: async () => {
      await db.$disconnect();
      execFileSync("dropdb", [...pg, "--if-exists", "--force", name]);
    },
  };
}
