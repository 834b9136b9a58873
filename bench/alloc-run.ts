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
  let idlePerSecond = NaN;
  /** Bytes allocated while `during` runs, between two SIGUSR2s. */
  let top: [string, number][] = [];
  let topRequests = 0;
  const measure = async <T>(
    during: () => Promise<T>,
  ): Promise<{ bytes: number | null; top: [string, number][]; value: T }> => {
    fs.rmSync(out, { force: true });
    app.proc.kill("SIGUSR2");
    await sleep(200);
    const value = await during();
    app.proc.kill("SIGUSR2");
    for (let i = 0; i < 50 && !fs.existsSync(out); i++) await sleep(100);
    const read = JSON.parse(fs.readFileSync(out, "utf8")) as {
      bytes: number | null;
      top: [string, number][];
    };
    return { bytes: read.bytes, top: read.top, value };
  };
  try {
    await warmUp(spec, config.warmupS);
    // What the process allocates with no request (timers, metering and request-log flushes).
    const idle = await measure(() => sleep(spec.durationS * 1000));
    if (idle.bytes !== null) idlePerSecond = idle.bytes / (spec.durationS + 0.2);
    for (let r = 0; r < rounds; r++) {
      const m = await measure(() => load(spec));
      if (m.bytes !== null && m.value.requests > 0) perHit.push(m.bytes / m.value.requests);
      if (r === rounds - 1) [top, topRequests] = [m.top, m.value.requests];
    }
  } finally {
    await app.stop();
    fs.rmSync(out, { force: true });
  }
  const sorted = [...perHit].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
  const line = `${TEAMS.path} cache hit: ${Math.round(median).toLocaleString("en-US")} bytes allocated per hit (median of ${perHit.length}: ${perHit.map((b) => Math.round(b)).join(", ")}; idle process: ${Math.round(idlePerSecond).toLocaleString("en-US")} bytes/s; V8 sampling heap profiler, every 256 bytes, freed objects included)`;
  const sites = top.map(
    ([site, bytes]) => `  ${Math.round(bytes / Math.max(1, topRequests))} B/hit  ${site}`,
  );
  log([line, "largest allocating functions (last round):", ...sites].join("\n"));
  return [line];
}
