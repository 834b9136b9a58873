// Shared by the bench's runs: the configuration from the environment, the log, and the two ways
// of measuring a target (peak throughput with p99 at half of it; single-connection latency).
import { load, loadSlots, warmUp, type GcRate, type LoadResult, type LoadSpec } from "./load";
import { paced } from "./paced";
import type { Scenario } from "./scenarios";
import { oloadAvailable, openLoop, pinServer, wrkAvailable, wrkPeak } from "./native";
import { cpuSeconds, gcTotals, rssMb } from "./servers";

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
export const config = {
  durationS: num("BENCH_DURATION", 8),
  rounds: num("BENCH_ROUNDS", 2),
  warmupS: num("BENCH_WARMUP", 2),
  connections: num("BENCH_CONNECTIONS", 20),
  mainScale: num("BENCH_MAIN_SCALE", 1),
  scales: (process.env.BENCH_SCALES ?? "1,10").split(",").filter(Boolean).map(Number),
  growthDurationS: num("BENCH_GROWTH_DURATION", 4),
  oddsDepth: num("BENCH_ODDS_DEPTH", 1_000_000),
  persons: num("BENCH_PERSONS", 100_000),
  next: process.env.BENCH_NEXT !== "0",
  profile: process.env.BENCH_PROFILE !== "0",
  writeDocs: process.env.BENCH_WRITE_DOCS !== "0",
  postgres: process.env.BENCH_POSTGRES !== "0",
  sweepDurationS: num("BENCH_SWEEP_DURATION", 4),
  /** Route patterns the every-endpoint sweep measures (all when unset), e.g. "/v1/teams/{id}". */
  endpoints: (process.env.BENCH_ENDPOINTS ?? "").split(",").filter(Boolean),
};
export const PACED_MAX_RATE = 3000;
export const started = Date.now();
export const log = (msg: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
export const notes: string[] = [];

export interface Target {
  name: string;
  baseUrl: string;
  /** The serving process, for its CPU time per request (unset: not measured). */
  pid?: number;
  scenario: Pick<Scenario, "path" | "paths" | "requests">;
}

export const specOf = (t: Target, key: string, durationS = config.durationS): LoadSpec => ({
  url: t.baseUrl + t.scenario.path,
  headers: { "x-api-key": key },
  requests: t.scenario.requests,
  connections: config.connections,
  durationS,
});

/**
 * Peak throughput of each target, alternating them for `rounds` rounds and keeping each one's
 * best round (other work on the machine comes and goes; alternating exposes the targets to it
 * alike), then p99 at half of that peak.
 */
export async function measure(
  targets: Target[],
  key: string,
  rounds: number,
  durationS = config.durationS,
): Promise<{ peak: LoadResult; half: LoadResult; halfPaced: LoadResult | null }[]> {
  const best: (LoadResult | null)[] = targets.map(() => null);
  for (let r = 0; r < rounds; r++) {
    for (const [i, t] of targets.entries()) {
      const peak = await peakOf(t, key, durationS, `round ${r + 1}`);
      if (!best[i] || peak.rps > best[i]!.rps) best[i] = peak;
    }
  }
  const out: { peak: LoadResult; half: LoadResult; halfPaced: LoadResult | null }[] = [];
  for (const [i, t] of targets.entries()) {
    const rate = Math.max(1, Math.round(best[i]!.rps / 2));
    if (oloadAvailable(warnOnce)) {
      // Open loop at a constant rate from the other core, latency counted from each request's due
      // time (bench/native/oload.c): the server's p99, not the generator's bursts.
      const half = await withGc(t.pid, () =>
        openLoop({
          baseUrl: t.baseUrl,
          path: t.scenario.path,
          headers: { "x-api-key": key },
          rate,
          durationS,
          connections: config.connections,
        }),
      );
      log(
        `${t.name.padEnd(24)} at half peak (${rate} req/s, open loop): p50 ${half.p50.toFixed(2)} ms  p99 ${half.p99.toFixed(2)} ms  p99.9 ${half.p999.toFixed(2)} ms${gcNote(half.gc)}`,
      );
      out.push({ peak: best[i]!, half, halfPaced: null });
      continue;
    }
    const half = await withGc(t.pid, () => load({ ...specOf(t, key, durationS), overallRate: rate }));
    // node:http as a client tops out near a few thousand req/s on this box: above that the pace
    // would measure the client, so only slower targets get the paced run.
    const halfPaced =
      rate <= PACED_MAX_RATE
        ? await paced({
            url: t.baseUrl,
            paths: t.scenario.paths ?? [t.scenario.path],
            headers: { "x-api-key": key },
            rate,
            durationS,
            connections: config.connections,
          })
        : null;
    log(
      `${t.name.padEnd(24)} at half peak (${rate} req/s): p50 ${half.p50.toFixed(2)} ms  p99 ${half.p99.toFixed(2)} ms` +
        (halfPaced
          ? `; steady pace p50 ${halfPaced.p50.toFixed(2)} ms  p99 ${halfPaced.p99.toFixed(2)} ms`
          : ""),
    );
    out.push({ peak: best[i]!, half, halfPaced });
  }
  return out;
}

const warned = new Set<string>();
const warnOnce = (msg: string) => {
  if (warned.has(msg)) return;
  warned.add(msg);
  notes.push(msg);
  log(`warning: ${msg}`);
};

/** One peak run of a target, pinned, after a warm-up: req/s, latencies, server CPU per request, RSS. */
export async function peakOf(t: Target, key: string, durationS: number, label: string): Promise<LoadResult> {
  pinServer(t.pid);
  if (config.warmupS > 0) await peakLoad(t, key, config.warmupS);
  const gcBefore = await gcTotals(t.pid);
  const cpuBefore = cpuSeconds(t.pid);
  const startedAt = performance.now();
  const peak = await peakLoad(t, key, durationS);
  const cpuAfter = cpuSeconds(t.pid);
  peak.gc = gcRate(gcBefore, await gcTotals(t.pid), performance.now() - startedAt);
  if (cpuBefore !== null && cpuAfter !== null && peak.requests > 0)
    peak.cpuUsPerRequest = ((cpuAfter - cpuBefore) * 1e6) / peak.requests;
  peak.rssMb = rssMb(t.pid) ?? undefined;
  log(
    `${t.name.padEnd(24)} ${label}: ${Math.round(peak.rps).toString().padStart(6)} req/s  p50 ${peak.p50.toFixed(2)} ms  p99 ${peak.p99.toFixed(2)} ms` +
      (peak.cpuUsPerRequest ? `  server CPU ${peak.cpuUsPerRequest.toFixed(1)} µs/req` : "") +
      (peak.rssMb ? `  RSS ${peak.rssMb.toFixed(0)} MB` : "") +
      gcNote(peak.gc) +
      (peak.non2xx || peak.errors ? `  (${peak.non2xx} non-2xx, ${peak.errors} errors)` : ""),
  );
  return peak;
}

type GcSnapshot = Awaited<ReturnType<typeof gcTotals>>;

function gcRate(a: GcSnapshot, b: GcSnapshot, ms: number): GcRate | undefined {
  if (!a || !b || ms <= 0) return undefined;
  const s = ms / 1000;
  return {
    pausesPerS: (b.count - a.count) / s,
    msPerS: (b.ms - a.ms) / s,
    maxMs: b.maxMs,
    majorPerS: (b.major - a.major) / s,
  };
}

/** Runs `run` and adds the server's GC pauses during it. */
async function withGc<T extends LoadResult>(pid: number | undefined, run: () => Promise<T>): Promise<T> {
  const before = await gcTotals(pid);
  const startedAt = performance.now();
  const out = await run();
  out.gc = gcRate(before, await gcTotals(pid), performance.now() - startedAt);
  return out;
}

/** "GC 12.0 pauses/s (3.1 ms/s, longest 1.4 ms)" for the log and the tables. */
export const gcText = (g: GcRate | undefined) =>
  g
    ? `${g.pausesPerS.toFixed(1)} pauses/s (${g.msPerS.toFixed(1)} ms/s, longest ${g.maxMs.toFixed(1)} ms, ${g.majorPerS.toFixed(2)} mark-compacts/s)`
    : "-";
const gcNote = (g: GcRate | undefined) => (g ? `  GC ${gcText(g)}` : "");

/** Peak throughput: wrk pinned to the generator core when it is there, else autocannon. */
export async function peakLoad(t: Target, key: string, durationS: number): Promise<LoadResult> {
  if (!wrkAvailable(warnOnce)) return load(specOf(t, key, durationS));
  return wrkPeak({
    baseUrl: t.baseUrl,
    paths: t.scenario.paths ?? [t.scenario.path],
    headers: { "x-api-key": key },
    connections: config.connections,
    durationS,
  });
}

/** Single-connection latency: what one request costs the server, free of queueing. */
export async function latency(
  baseUrl: string,
  key: string,
  s: Pick<Scenario, "path" | "requests">,
): Promise<LoadResult> {
  const spec: LoadSpec = {
    url: baseUrl + s.path,
    headers: { "x-api-key": key },
    requests: s.requests,
    connections: 1,
    durationS: config.growthDurationS,
  };
  await warmUp(spec, 1);
  return load(spec);
}

/** Two paths alternated on one connection, so both see the same machine. */
export async function pairedLatency(
  baseUrl: string,
  key: string,
  a: string,
  b: string,
): Promise<[LoadResult, LoadResult]> {
  const spec: LoadSpec = {
    url: baseUrl + a,
    headers: { "x-api-key": key },
    requests: [{ path: a }, { path: b }],
    connections: 1,
    durationS: 2 * config.growthDurationS,
  };
  await warmUp(spec, 1);
  const [ra, rb] = await loadSlots(spec, 2);
  return [ra, rb];
}

/** Runs `fn` with `vars` in this process's environment (servers started meanwhile inherit them), then restores it. */
export async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}
