// Seeded SQLite databases for the benchmark, one per --scale under data/bench/, rebuilt only
// when the scale, the migrations or the generator change (a content stamp beside each file).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const DIR = path.join(ROOT, "data", "bench");

export interface BenchDb {
  scale: number;
  url: string;
  file: string;
  /** Seconds spent migrating and seeding in this run; 0 when the cached file was reused. */
  seedSeconds: number;
}

function contentStamp(scale: number): string {
  const hash = createHash("sha256").update(`scale=${scale}\n`);
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (!p.endsWith(".test.ts")) hash.update(`${path.relative(ROOT, p)}\n`).update(fs.readFileSync(p));
    }
  };
  for (const dir of ["prisma/migrations", "lib/seed", "lib/sports"]) walk(path.join(ROOT, dir));
  return hash.digest("hex");
}

const runScript = (url: string, script: string, ...args: string[]) =>
  execFileSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });

export function ensureBenchDb(scale: number, log: (msg: string) => void): BenchDb {
  const file = path.join(DIR, `scale-${scale}.db`);
  const url = `file:${file}`;
  const stampFile = `${file}.stamp`;
  const stamp = contentStamp(scale);
  if (fs.existsSync(file) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp) {
    return { scale, url, file, seedSeconds: 0 };
  }
  fs.mkdirSync(DIR, { recursive: true });
  for (const f of [file, `${file}-wal`, `${file}-shm`, stampFile]) fs.rmSync(f, { force: true });
  log(`seeding ${path.relative(ROOT, file)} at --scale ${scale} (cached for later runs)…`);
  const started = Date.now();
  runScript(url, "scripts/migrate.ts");
  runScript(url, "scripts/seed.ts", "--scale", String(scale), "--quiet");
  const seedSeconds = (Date.now() - started) / 1000;
  fs.writeFileSync(stampFile, stamp);
  log(`  seeded in ${seedSeconds.toFixed(1)} s`);
  return { scale, url, file, seedSeconds };
}

/** A fresh key through the admin CLI, on the `unlimited` plan when metering provides it. */
export function benchKey(db: BenchDb, log: (msg: string) => void): { key: string; plan: string } {
  const email = "bench@statline.invalid";
  const out = runScript(db.url, "scripts/admin.ts", "key", "create", "--email", email, "--environment", "test", "--name", "bench");
  const key = out.trim().split("\n").pop()!.trim();
  try {
    runScript(db.url, "scripts/admin.ts", "account", "plan", "--email", email, "--plan", "unlimited");
    return { key, plan: "unlimited" };
  } catch {
    log("  note: `admin account plan` is not available yet; the key's default plan is used");
    return { key, plan: "default" };
  }
}
