// Derives prisma/postgres/schema.prisma from prisma/schema.prisma and writes a new migration
// for each provider when the schema changed since the last one.
//   npm run db:derive -- --name add_something   write derived files
//   npm run db:derive -- --check                exit 1 when anything derived is stale
import fs from "node:fs";
import path from "node:path";
import { prismaPaths, type Provider } from "../lib/platform/db/config";
import { derivePostgresSchema } from "../lib/platform/db/derive";
import { diffSchemas } from "../lib/platform/db/schema-engine";

const args = process.argv.slice(2);
const check = args.includes("--check");
const name = args[args.indexOf("--name") + 1] ?? "change";

function stamp(): string {
  return new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

async function main() {
  const problems: string[] = [];
  const source = fs.readFileSync(prismaPaths("sqlite").schema, "utf8");
  const derived = derivePostgresSchema(source);
  const pg = prismaPaths("postgresql");
  const current = fs.existsSync(pg.schema) ? fs.readFileSync(pg.schema, "utf8") : "";
  if (current !== derived) {
    if (check) problems.push(`${pg.schema} is stale`);
    else {
      fs.mkdirSync(path.dirname(pg.schema), { recursive: true });
      fs.writeFileSync(pg.schema, derived);
    }
  }
  const folder = `${stamp()}_${name.replace(/[^a-z0-9_]/gi, "_")}`;
  for (const provider of ["sqlite", "postgresql"] as Provider[]) {
    const p = prismaPaths(provider);
    const schemaPath = check && provider === "postgresql" ? writeTemp(derived) : p.schema;
    const sql = await diffSchemas(fs.existsSync(p.snapshot) ? p.snapshot : null, schemaPath);
    if (!sql.trim()) continue;
    if (check) {
      problems.push(`${provider}: the schema changed since the last migration`);
      continue;
    }
    fs.mkdirSync(path.join(p.migrations, folder), { recursive: true });
    fs.writeFileSync(path.join(p.migrations, folder, "migration.sql"), sql);
    fs.writeFileSync(path.join(p.migrations, "migration_lock.toml"), `provider = "${provider}"\n`);
    fs.copyFileSync(p.schema, p.snapshot);
    console.log(`wrote ${path.relative(process.cwd(), path.join(p.migrations, folder))}`);
  }
  if (problems.length) {
    console.error(
      problems.map((m) => `stale: ${m}`).join("\n") + "\nRun: npm run db:derive -- --name <change>",
    );
    process.exit(1);
  }
  console.log(check ? "derived schema and migrations are up to date" : "done");
}

function writeTemp(text: string): string {
  const file = path.join(
    fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "statline-")),
    "schema.prisma",
  );
  fs.writeFileSync(file, text);
  return file;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
