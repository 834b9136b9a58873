import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { ROOT } from "./app";
import { stampOf } from "./template";

const PG = [
  "-h",
  process.env.PGHOST ?? "127.0.0.1",
  "-p",
  process.env.PGPORT ?? "5432",
  "-U",
  process.env.PGUSER ?? "postgres",
];

export interface TempPgDatabase {
  url: string;
  name: string;
  drop: () => void;
}

/**
 * A fresh database on the real local PostgreSQL (trust auth), empty or a copy of `template`;
 * drop() removes it, connections and all.
 */
export function createPgDatabase(template?: string): TempPgDatabase {
  const name = `statline_t_${randomBytes(6).toString("hex")}`;
  try {
    execFileSync("createdb", [...PG, ...(template ? ["-T", template] : []), name], {
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (err) {
    throw new Error(
      `createdb failed: is PostgreSQL running on 127.0.0.1:5432? ${(err as { stderr?: Buffer }).stderr?.toString() ?? err}`,
      { cause: err },
    );
  }
  const host = `${process.env.PGHOST ?? "127.0.0.1"}:${process.env.PGPORT ?? "5432"}`;
  return {
    name,
    url: `postgresql://${process.env.PGUSER ?? "postgres"}@${host}/${name}`,
    drop: () => execFileSync("dropdb", [...PG, "--if-exists", "--force", name], { stdio: "ignore" }),
  };
}

const psql = (sql: string) =>
  execFileSync("psql", [...PG, "-d", "postgres", "-tAc", sql], { encoding: "utf8" }).trim();
/** What `fill` returned for a template (kept as the template database's comment), or null. */
const madeFor = (template: string): string | null =>
  psql(
    `SELECT 'x' || coalesce(shobj_description(oid, 'pg_database'), '') FROM pg_database WHERE datname = '${template}'`,
  ).slice(1) || null;

/**
 * A fresh database copied from a template database that `fill` wrote once (CREATE DATABASE …
 * TEMPLATE copies its files), so migrating and seeding run once, not once per test file; `made` is
 * what `fill` returned then. The template's name holds a fingerprint of this checkout, the
 * migrations and `sources`: a change builds a new template and drops this checkout's older ones of
 * the same kind. Two processes may build at once; the first rename wins and the other drops its copy.
 */
export async function createPgDatabaseFrom<T>(
  kind: string,
  sources: string[],
  fill: (url: string) => Promise<T> | T,
): Promise<TempPgDatabase & { made: T }> {
  const checkout = createHash("sha256").update(ROOT).digest("hex").slice(0, 6);
  const prefix = `statline_tpl_${kind}_${checkout}_`;
  const template = prefix + stampOf(kind, ["prisma/migrations", ...sources]).slice(0, 10);
  let made = madeFor(template);
  if (made === null) {
    const fresh = createPgDatabase();
    try {
      made = JSON.stringify((await fill(fresh.url)) ?? null);
      psql(`COMMENT ON DATABASE ${fresh.name} IS '${made.replace(/'/g, "''")}'`);
      psql(`ALTER DATABASE ${fresh.name} RENAME TO ${template}`);
    } catch (err) {
      fresh.drop();
      made = madeFor(template);
      if (made === null) throw err;
    }
    const stale = psql(`SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`).split("\n");
    for (const name of stale.filter((n) => n && n !== template))
      execFileSync("dropdb", [...PG, "--if-exists", "--force", name], { stdio: "ignore" });
  }
  return { ...createPgDatabase(template), made: JSON.parse(made) as T };
}

/** Applies the migrations as an operator would (a process of its own, so no connection lingers). */
export function migratePg(url: string): void {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** A fresh database with the migrations applied (copied from a migrated template). */
export const createMigratedPgDatabase = () => createPgDatabaseFrom("migrated", [], migratePg);

/** A migrated database holding the demo seed at `scale` (copied from a seeded template). */
export const createSeededPgDatabase = (scale: string) =>
  createPgDatabaseFrom(`seed${scale.replace(/\W/g, "")}`, ["lib/seed", "lib/sports"], (url) => {
    migratePg(url);
    execFileSync(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--scale", scale, "--quiet"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "ignore", "inherit"],
    });
  });
