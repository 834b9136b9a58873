// Bytes the server allocates per /v1 cache hit (the hit path's garbage, which drives the
// scavenges seen in the tail latencies): V8's sampling heap profiler in the server process counts
// every allocation, freed or not, while autocannon sends cache hits (bench/alloc-preload.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BenchDb } from "./datasets";
import { config, log } from "./measure";
import { startBenchApp } from "./servers";
import { load, warmUp } from "./load";
import { TEAMS } from "./extra-runs";

const PRELOAD = path.join(__dirname, "alloc-preload.mjs");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One line per round: bytes allocated per hit (the median of `rounds` runs of `durationS`). */
export async function allocationRuns(db: BenchDb, key: string, rounds = 3): Promise<string[]> {
  const out = path.join(os.tmpdir(), `statline-alloc-${process.pid}.json`);
  const app = await startBenchApp({
    url: db.url,
    cache: true,
    env: {
      BENCH_ALLOC_OUT: out,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${PRELOAD}`.trim(),
    },
  });
  const spec = {
    url: app.baseUrl + TEAMS.path,
    headers: { "x-api-key": key },
    connections: config.connections,
    durationS: Math.max(2, Math.round(config.durationS / 2)),
  };
  const perHit: number[] = [];
  try {
    await warmUp(spec, config.warmupS);
    for (let r = 0; r < rounds; r++) {
      fs.rmSync(out, { force: true });
      app.proc.kill("SIGUSR2");
      await sleep(200);
      const result = await load(spec);
      app.proc.kill("SIGUSR2");
      for (let i = 0; i < 50 && !fs.existsSync(out); i++) await sleep(100);
      const bytes = (JSON.parse(fs.readFileSync(out, "utf8")) as { bytes: number | null }).bytes;
      if (bytes !== null && result.requests > 0) perHit.push(bytes / result.requests);
    }
  } finally {
    await app.stop();
    fs.rmSync(out, { force: true });
  }
  const sorted = [...perHit].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
  const line = `${TEAMS.path} cache hit: ${Math.round(median).toLocaleString("en-US")} bytes allocated per hit (median of ${perHit.length}: ${perHit.map((b) => Math.round(b)).join(", ")}; V8 sampling heap profiler, every 256 bytes, freed objects included)`;
  log(line);
  return [line];
}
