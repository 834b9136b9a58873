import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../lib/platform/db/client";
import { ROOT } from "./app";

/** Scale of the demo data in the shared test database (1 = the default `npm run db:seed`). */
export const TEST_SEED_SCALE = process.env.TEST_SEED_SCALE ?? "0.25";

/** A fingerprint of the files (or folders' files) a template is built from. */
export function stampOf(salt: string, sources: string[]): string {
  const hash = createHash("sha256").update(salt);
  const walk = (p: string) => {
    if (!fs.existsSync(p)) return;
    if (!fs.statSync(p).isDirectory()) return void hash.update(`${p}:${fs.statSync(p).mtimeMs}\n`);
    for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  for (const source of sources) walk(path.join(ROOT, source));
  return hash.digest("hex");
}

/**
 * A migrated, seeded SQLite file shared by the whole run (built once, then copied per test by
 * copyTemplateDb). Rebuilt when migrations or the generator change.
 */
export function ensureTemplateDb(): string {
  const dir = path.join(ROOT, "data", "test");
  const file = path.join(dir, "template.db");
  const stampFile = `${file}.stamp`;
  const stamp = stampOf(TEST_SEED_SCALE, ["prisma/migrations", "lib/seed", "lib/sports"]);
  if (fs.existsSync(file) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp)
    return file;
  fs.mkdirSync(dir, { recursive: true });
  for (const f of [file, `${file}-wal`, `${file}-shm`, stampFile]) fs.rmSync(f, { force: true });
  const env = { ...process.env, DATABASE_URL: `file:${file}` };
  const run = (script: string, ...args: string[]) =>
    execFileSync(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
  run("scripts/migrate.ts");
  run("scripts/seed.ts", "--scale", TEST_SEED_SCALE, "--quiet");
  fs.writeFileSync(stampFile, stamp);
  return file;
}

/** What the API tests' fixture is built from, besides the migrations. */
export const FIXTURE_SOURCES = ["lib/sports", "tests/support/fixtures.ts"];

/**
 * The API tests' fixture (tests/support/fixtures.ts) as a SQLite file built once and copied per
 * test file: building it (a migration process and about 8,000 inserts) per file cost more than the
 * file's tests. Rebuilt when the migrations, lib/sports or the fixture change. Two vitest workers
 * may build it at once: each writes a private file and renames it into place.
 */
export async function ensureFixtureTemplate<Ids>(
  build: (url: string) => Promise<{ db: Db; ids: Ids }>,
): Promise<{ file: string; ids: Ids }> {
  const dir = path.join(ROOT, "data", "test");
  const file = path.join(dir, "fixture.db");
  const metaFile = `${file}.json`;
  const stamp = stampOf("fixture", ["prisma/migrations", ...FIXTURE_SOURCES]);
  try {
    const meta = JSON.parse(fs.readFileSync(metaFile, "utf8")) as { stamp: string; ids: Ids };
    if (meta.stamp === stamp && fs.existsSync(file)) return { file, ids: meta.ids };
  } catch {
    // not built yet
  }
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.rmSync(tmp, { force: true });
  const built = await build(`file:${tmp}`);
  await built.db.$disconnect();
  fs.renameSync(tmp, file);
  fs.writeFileSync(`${metaFile}.${process.pid}.tmp`, JSON.stringify({ stamp, ids: built.ids }));
  fs.renameSync(`${metaFile}.${process.pid}.tmp`, metaFile);
  return { file, ids: built.ids };
}
