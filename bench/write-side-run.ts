// The write side's long runs (docs/benchmark.md): BENCH_ONLY=model runs the ingest model-based
// test with many more sequences than CI (SQLite, then PostgreSQL + Redis on two instances unless
// BENCH_POSTGRES=0); BENCH_ONLY=fuzz sends 50,000 fuzzed ingest requests. Both are the test files
// themselves, run by vitest with larger counts, so the bench checks exactly what CI checks.
import { spawnSync } from "node:child_process";
import { stripVTControlCharacters } from "node:util";
import path from "node:path";
import { log, notes } from "./measure";

const ROOT = path.resolve(__dirname, "..");

function vitest(file: string, env: Record<string, string>, reliability = false): void {
  const args = ["vitest", "run", ...(reliability ? ["--config", "vitest.reliability.config.ts"] : []), file];
  log(
    `${file} (${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")})…`,
  );
  const started = Date.now();
  const run = spawnSync("npx", args, {
    cwd: ROOT,
    env: { ...process.env, ...env, STATLINE_SKIP_BUILD: "1" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${run.stdout}\n${run.stderr}`;
  // vitest colours the lines a test prints: the escapes go before matching.
  const figures = out
    .split("\n")
    .map((l) => stripVTControlCharacters(l).trim())
    .filter((l) => /^ingest (model|fuzz)/.test(l));
  const seconds = Math.round((Date.now() - started) / 1000);
  notes.push(
    `${file}: ${run.status === 0 ? "PASS" : "FAIL"} in ${seconds} s; ${figures.join("; ") || "no figures"}`,
  );
  if (run.status !== 0) console.log(out.split("\n").slice(-120).join("\n"));
}

/** BENCH_ONLY=model: BENCH_MODEL_RUNS sequences (default 120) of up to 220 write pairs each. */
export function modelRuns(postgres: boolean): void {
  const runs = process.env.BENCH_MODEL_RUNS ?? "120";
  const env = { MODEL_RUNS: runs, MODEL_MIN_REQUESTS: "0" };
  vitest("tests/ingest/model.test.ts", env);
  if (postgres) vitest("tests/reliability/ingest-model.test.ts", env, true);
}

/** BENCH_ONLY=fuzz: BENCH_FUZZ_REQUESTS (default 50,000) fuzzed ingest requests, verify after. */
export function fuzzRun(): void {
  vitest("tests/ingest/fuzz.test.ts", { FUZZ_REQUESTS: process.env.BENCH_FUZZ_REQUESTS ?? "50000" });
}
