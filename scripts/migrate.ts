// Applies the repo's migrations to DATABASE_URL (SQLite by default) with Prisma's WASM schema
// engine: no engine download. Idempotent.
import { databaseUrl, providerOf } from "../lib/platform/db/config";
import { applyMigrations } from "../lib/platform/db/schema-engine";
import { redactUrl } from "../lib/platform/db/redact";

export async function migrate(url = databaseUrl()): Promise<string[]> {
  const applied = await applyMigrations(url);
  const where = `${providerOf(url)} ${redactUrl(url)}`;
  console.log(
    applied.length ? `applied ${applied.join(", ")} to ${where}` : `database is up to date (${where})`,
  );
  return applied;
}

if (process.argv[1]?.endsWith("migrate.ts")) {
  migrate().catch((err) => {
    console.error(`migration failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
