// Seeded SQLite databases for the benchmark, one per --scale under data/bench/, rebuilt only
// when the scale, the migrations or the generator change (a content stamp beside each file).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { extendOddsHistory, personsDatabase } from "./topup";

const ROOT = path.resolve(__dirname, "..");
const DIR = path.join(ROOT, "data", "bench");

export interface BenchDb {
  scale: number;
  url: string;
  file: string;
  /** Seconds spent migrating and seeding in this run; 0 when the cached file was reused. */
  seedSeconds: number;
}

export function contentStamp(what: string): string {
  const hash = createHash("sha256").update(`${what}\n`);
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    if (fs.statSync(dir).isFile()) return void hash.update(fs.readFileSync(dir));
    for (const e of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (!p.endsWith(".test.ts")) hash.update(`${path.relative(ROOT, p)}\n`).update(fs.readFileSync(p));
    }
  };
  for (const dir of ["prisma/migrations", "lib/seed", "lib/sports", "bench/topup.ts"])
    walk(path.join(ROOT, dir));
  return hash.digest("hex");
}

export const runScript = (url: string, script: string, ...args: string[]) =>
  execFileSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });

/** Reuses `file` when its stamp matches, otherwise rebuilds it with `build` and stamps it. */
function cached(file: string, what: string, log: (msg: string) => void, build: () => void): number {
  const stampFile = `${file}.stamp`;
  const stamp = contentStamp(what);
  if (fs.existsSync(file) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp)
    return 0;
  fs.mkdirSync(DIR, { recursive: true });
  for (const f of [file, `${file}-wal`, `${file}-shm`, stampFile]) fs.rmSync(f, { force: true });
  log(`building ${path.relative(ROOT, file)}: ${what} (cached for later runs)…`);
  const started = Date.now();
  build();
  fs.writeFileSync(stampFile, stamp);
  const seconds = (Date.now() - started) / 1000;
  log(`  built in ${seconds.toFixed(1)} s`);
  return seconds;
}

/**
 * The seed at `scale`, plus one contest whose odds history is `deepRows` long (the seed's longest
 * is a few hundred points), so the growth run can page ~1M rows deep.
 */
export function ensureBenchDb(scale: number, deepRows: number, log: (msg: string) => void): BenchDb {
  const file = path.join(DIR, `scale-${scale}.db`);
  const url = `file:${file}`;
  const seedSeconds = cached(file, `seed --scale ${scale}, odds history of ${deepRows} rows`, log, () => {
    runScript(url, "scripts/migrate.ts");
    runScript(url, "scripts/seed.ts", "--scale", String(scale), "--quiet");
    extendOddsHistory(file, deepRows);
  });
  return { scale, url, file, seedSeconds };
}

/** Persons only, at least `target` of them: the seed's persons from `source` plus recombined names. */
export function ensurePersonsDb(source: BenchDb, target: number, log: (msg: string) => void): BenchDb {
  const file = path.join(DIR, `persons-${target}.db`);
  const url = `file:${file}`;
  const seedSeconds = cached(file, `persons of scale ${source.scale} topped up to ${target}`, log, () => {
    runScript(url, "scripts/migrate.ts");
    personsDatabase(file, source.file, target);
  });
  return { scale: source.scale, url, file, seedSeconds };
}

/** A fresh key through the admin CLI, on the `unlimited` plan when metering provides it. */
export function benchKey(db: BenchDb, log: (msg: string) => void): { key: string; plan: string } {
  const email = "bench@statline.invalid";
  const out = runScript(
    db.url,
    "scripts/admin.ts",
    "key",
    "create",
    "--email",
    email,
    "--environment",
    "test",
    "--name",
    "bench",
  );
  const key = out.trim().split("\n").pop()!.trim();
  try {
    runScript(db.url, "scripts/admin.ts", "account", "plan", "--email", email, "--plan", "unlimited");
    return { key, plan: "unlimited" };
  } catch {
    log("  note: `admin account plan` is not available yet; the key's default plan is used");
    return { key, plan: "default" };
  }
}
