// Bytes the server allocates per /v1 cache hit (the hit path's garbage, which drives the
// scavenges seen in the tail latencies): V8's sampling heap profiler in the server process counts
// every allocation, freed or not, while autocannon sends cache hits (bench/alloc-preload.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BenchDb } from "./datasets";
import { config, log } from "./measure";
import { startBaseline, startBenchApp } from "./servers";
import { load, warmUp } from "./load";
import { TEAMS } from "./extra-runs";

const PRELOAD = path.join(__dirname, "alloc-preload.mjs");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One line per round: bytes allocated per hit (the median of `rounds` runs of `durationS`). */
/** Bytes allocated per request while autocannon loads `url`, in the process `pid` (started with the preload). */
async function allocationOf(
  pid: number,
  url: string,
  key: string,
  out: string,
  rounds: number,
): Promise<{ perHit: number[]; idlePerSecond: number; top: [string, number][]; topRequests: number }> {
  const spec = {
    url,
    headers: { "x-api-key": key },
    connections: config.connections,
    durationS: Math.max(2, Math.round(config.durationS / 2)),
  };
  const perHit: number[] = [];
  let idlePerSecond = NaN;
  let top: [string, number][] = [];
  let topRequests = 0;
  /** Bytes allocated while `during` runs, between two SIGUSR2s. */
  const measure = async <T>(
    during: () => Promise<T>,
  ): Promise<{ bytes: number | null; top: [string, number][]; value: T }> => {
    fs.rmSync(out, { force: true });
    process.kill(pid, "SIGUSR2");
    await sleep(200);
    const value = await during();
    process.kill(pid, "SIGUSR2");
    for (let i = 0; i < 50 && !fs.existsSync(out); i++) await sleep(100);
    const read = JSON.parse(fs.readFileSync(out, "utf8")) as {
      bytes: number | null;
      top: [string, number][];
    };
    return { bytes: read.bytes, top: read.top, value };
  };
  await warmUp(spec, config.warmupS);
  // What the process allocates with no request (timers, metering and request-log flushes).
  const idle = await measure(() => sleep(spec.durationS * 1000));
  if (idle.bytes !== null) idlePerSecond = idle.bytes / (spec.durationS + 0.2);
  for (let r = 0; r < rounds; r++) {
    const m = await measure(() => load(spec));
    if (m.bytes !== null && m.value.requests > 0) perHit.push(m.bytes / m.value.requests);
    if (r === rounds - 1) [top, topRequests] = [m.top, m.value.requests];
  }
  return { perHit, idlePerSecond, top, topRequests };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};
const f0 = (n: number) => Math.round(n).toLocaleString("en-US");

/**
 * One line: bytes allocated per hit (the median of `rounds` runs), beside the raw baseline serving
 * the same bytes and headers (what node:http itself allocates per response).
 */
export async function allocationRuns(db: BenchDb, key: string, rounds = 3): Promise<string[]> {
  const out = path.join(os.tmpdir(), `statline-alloc-${process.pid}.json`);
  const env = {
    BENCH_ALLOC_OUT: out,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${PRELOAD}`.trim(),
  };
  const app = await startBenchApp({ url: db.url, cache: true, env });
  let hit: Awaited<ReturnType<typeof allocationOf>>;
  let base: Awaited<ReturnType<typeof allocationOf>> | null;
  try {
    hit = await allocationOf(app.proc.pid!, app.baseUrl + TEAMS.path, key, out, rounds);
    const baseline = await startBaseline(app.baseUrl, TEAMS.path, key, env);
    try {
      base = await allocationOf(baseline.pid, baseline.baseUrl + "/", key, out, rounds);
    } finally {
      await baseline.stop();
    }
  } finally {
    await app.stop();
    fs.rmSync(out, { force: true });
  }
  const line =
    `${TEAMS.path} cache hit: ${f0(median(hit.perHit))} bytes allocated per hit (median of ${hit.perHit.length}: ${hit.perHit.map(f0).join(", ")}; idle process: ${f0(hit.idlePerSecond)} bytes/s)` +
    (base
      ? `; raw baseline, same bytes and headers: ${f0(median(base.perHit))} bytes per response (${base.perHit.map(f0).join(", ")}; idle ${f0(base.idlePerSecond)} bytes/s)`
      : "") +
    "; V8 sampling heap profiler, every 256 bytes, freed objects included";
  const sites = (r: typeof hit) =>
    r.top.map(([site, bytes]) => `  ${Math.round(bytes / Math.max(1, r.topRequests))} B/request  ${site}`);
  log(
    [
      line,
      "largest allocating functions, cache hit (last round):",
      ...sites(hit),
      ...(base ? ["largest allocating functions, baseline (last round):", ...sites(base)] : []),
    ].join("\n"),
  );
  return [line];
}
