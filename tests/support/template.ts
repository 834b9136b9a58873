import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./app";

/** Scale of the demo data in the shared test database (1 = the default `npm run db:seed`). */
export const TEST_SEED_SCALE = process.env.TEST_SEED_SCALE ?? "0.25";

function stampOf(): string {
  const hash = createHash("sha256").update(TEST_SEED_SCALE);
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else hash.update(`${p}:${fs.statSync(p).mtimeMs}\n`);
    }
  };
  for (const dir of ["prisma/migrations", "lib/seed", "lib/sports"]) walk(path.join(ROOT, dir));
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
  const stamp = stampOf();
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
