// `npm run bench`: autocannon against the production build, all in one run on this machine.
// Knobs (env): BENCH_DURATION, BENCH_ROUNDS, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_MAIN_SCALE, BENCH_SCALES,
// BENCH_GROWTH_DURATION, BENCH_ODDS_DEPTH, BENCH_PERSONS, BENCH_NEXT, BENCH_PROFILE, BENCH_WRITE_DOCS.
// See docs/benchmark.md.
import os from "node:os";
import path from "node:path";
import { buildIfStale } from "../scripts/build-if-stale";
import { benchKey, ensureBenchDb, ensurePersonsDb, type BenchDb } from "./datasets";
import { load, loadSlots, warmUp, type LoadResult, type LoadSpec } from "./load";
import { paced } from "./paced";
import { summarizeProfile } from "./profile";
import { writeResults, type BenchResults, type GrowthRow, type MainRow } from "./report";
import { oddsScenarios, probe, searchScenario, statBoardScenario, type Scenario } from "./scenarios";
import { cpuSeconds, startBaseline, startBenchApp, toggleProfiler } from "./servers";
import { evaluateTargets } from "./targets";

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const config = {
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
};
const PACED_MAX_RATE = 3000;
const started = Date.now();
const log = (msg: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
const notes: string[] = [];

interface Target {
  name: string;
  baseUrl: string;
  /** The serving process, for its CPU time per request (unset: not measured). */
  pid?: number;
  scenario: Pick<Scenario, "path" | "paths" | "requests">;
}

const specOf = (t: Target, key: string): LoadSpec => ({
  url: t.baseUrl + t.scenario.path,
  headers: { "x-api-key": key },
  requests: t.scenario.requests,
  connections: config.connections,
  durationS: config.durationS,
});

/**
 * Peak throughput of each target, alternating them for `rounds` rounds and keeping each one's
 * best round (other work on the machine comes and goes; alternating exposes the targets to it
 * alike), then p99 at half of that peak.
 */
async function measure(targets: Target[], key: string, rounds: number): Promise<{ peak: LoadResult; half: LoadResult; halfPaced: LoadResult | null }[]> {
  const best: (LoadResult | null)[] = targets.map(() => null);
  for (let r = 0; r < rounds; r++) {
    for (const [i, t] of targets.entries()) {
      await warmUp(specOf(t, key), config.warmupS);
      const cpuBefore = cpuSeconds(t.pid);
      const peak = await load(specOf(t, key));
      const cpuAfter = cpuSeconds(t.pid);
      if (cpuBefore !== null && cpuAfter !== null && peak.requests > 0) peak.cpuUsPerRequest = ((cpuAfter - cpuBefore) * 1e6) / peak.requests;
      log(`${t.name.padEnd(24)} round ${r + 1}: ${Math.round(peak.rps).toString().padStart(6)} req/s  p50 ${peak.p50.toFixed(2)} ms  p99 ${peak.p99.toFixed(2)} ms` +
        (peak.cpuUsPerRequest ? `  server CPU ${peak.cpuUsPerRequest.toFixed(1)} µs/req` : "") +
        (peak.non2xx || peak.errors ? `  (${peak.non2xx} non-2xx, ${peak.errors} errors)` : ""));
      if (!best[i] || peak.rps > best[i]!.rps) best[i] = peak;
    }
  }
  const out: { peak: LoadResult; half: LoadResult; halfPaced: LoadResult | null }[] = [];
  for (const [i, t] of targets.entries()) {
    const rate = Math.max(1, Math.round(best[i]!.rps / 2));
    const half = await load({ ...specOf(t, key), overallRate: rate });
    // node:http as a client tops out near a few thousand req/s on this box: above that the pace
    // would measure the client, so only slower targets get the paced run.
    const halfPaced =
      rate <= PACED_MAX_RATE
        ? await paced({ url: t.baseUrl, paths: t.scenario.paths ?? [t.scenario.path], headers: { "x-api-key": key }, rate, durationS: config.durationS, connections: config.connections })
        : null;
    log(`${t.name.padEnd(24)} at half peak (${rate} req/s): p50 ${half.p50.toFixed(2)} ms  p99 ${half.p99.toFixed(2)} ms` +
      (halfPaced ? `; steady pace p50 ${halfPaced.p50.toFixed(2)} ms  p99 ${halfPaced.p99.toFixed(2)} ms` : ""));
    out.push({ peak: best[i]!, half, halfPaced });
  }
  return out;
}

/** Single-connection latency: what one request costs the server, free of queueing. */
async function latency(baseUrl: string, key: string, s: Pick<Scenario, "path" | "requests">): Promise<LoadResult> {
  const spec: LoadSpec = { url: baseUrl + s.path, headers: { "x-api-key": key }, requests: s.requests, connections: 1, durationS: config.growthDurationS };
  await warmUp(spec, 1);
  return load(spec);
}

/** Two paths alternated on one connection, so both see the same machine. */
async function pairedLatency(baseUrl: string, key: string, a: string, b: string): Promise<[LoadResult, LoadResult]> {
  const spec: LoadSpec = { url: baseUrl + a, headers: { "x-api-key": key }, requests: [{ path: a }, { path: b }], connections: 1, durationS: 2 * config.growthDurationS };
  await warmUp(spec, 1);
  const [ra, rb] = await loadSlots(spec, 2);
  return [ra, rb];
}

async function mainRuns(db: BenchDb, key: string): Promise<{ rows: MainRow[]; profile: BenchResults["profile"] }> {
  const rows: MainRow[] = [];
  const profileOut = path.join(os.tmpdir(), `statline-bench-${process.pid}.cpuprofile`);
  const app = await startBenchApp({ url: db.url, cache: true, profileOut: config.profile ? profileOut : undefined });
  let profile: BenchResults["profile"] = null;
  try {
    const teams: Scenario = { name: "/v1/teams (cache hit)", path: "/v1/teams", detail: "50 rows, auth + rate limit + metering" };
    const baseline = await startBaseline(app.baseUrl, teams.path, key);
    try {
      const [b, t] = await measure(
        [
          { name: "baseline", baseUrl: baseline.baseUrl, pid: baseline.pid, scenario: { path: "/" } },
          { name: teams.name, baseUrl: app.baseUrl, pid: app.proc.pid, scenario: teams },
        ],
        key,
        config.rounds,
      );
      rows.push({ name: "baseline", path: "raw node:http", detail: "same bytes and headers as /v1/teams", ...b }, { ...teams, ...t });
    } finally {
      await baseline.stop();
    }
    if (config.profile) {
      toggleProfiler(app);
      await load({ url: app.baseUrl + teams.path, headers: { "x-api-key": key }, connections: config.connections, durationS: 5 });
      toggleProfiler(app);
      await new Promise((r) => setTimeout(r, 1500));
      try {
        profile = summarizeProfile(profileOut, 20);
      } catch (err) {
        notes.push(`profile not written: ${(err as Error).message}`);
      }
    }
  } finally {
    await app.stop();
  }
  if (config.next) {
    const next = await startBenchApp({ url: db.url, mode: "next", cache: true });
    try {
      const s = { name: "/v1/teams via next start", path: "/v1/teams", detail: "same pipeline behind Next's router" };
      const [r] = await measure([{ name: s.name, baseUrl: next.baseUrl, scenario: s }], key, 1);
      rows.push({ ...s, peak: r.peak, half: null, halfPaced: null });
    } finally {
      await next.stop();
    }
  }
  const uncached = await startBenchApp({ url: db.url, cache: false });
  try {
    const scenarios: Scenario[] = [{ ...searchScenario(db.file), name: "/v1/persons?q= (miss)" }];
    const odds = await oddsScenarios(db.file, uncached.baseUrl, key, config.oddsDepth);
    if (odds?.deep) scenarios.push({ ...odds.deep, name: "odds deep page (miss)" });
    else notes.push("odds history: no deep page at the main scale (no odds data or endpoint missing)");
    const board = statBoardScenario(db.file);
    if (board) scenarios.push({ ...board, name: "stat-board (miss)" });
    for (const s of scenarios) {
      if ((await probe(uncached.baseUrl, key, s.path)).missing) {
        notes.push(`${s.name}: endpoint not implemented yet, skipped`);
        continue;
      }
      rows.push({ ...s, ...(await measure([{ name: s.name, baseUrl: uncached.baseUrl, pid: uncached.proc.pid, scenario: s }], key, 1))[0] });
    }
  } finally {
    await uncached.stop();
  }
  return { rows, profile };
}

/** The deep history grows with the scale: 100k rows per scale unit, up to BENCH_ODDS_DEPTH. */
const deepRowsFor = (scale: number) => Math.min(config.oddsDepth, Math.round(100_000 * scale));

async function growthRun(db: BenchDb, key: string, label: string, searchOnly = false): Promise<GrowthRow> {
  const app = await startBenchApp({ url: db.url, cache: false });
  try {
    const search = searchScenario(db.file);
    const odds = searchOnly ? null : await oddsScenarios(db.file, app.baseUrl, key, deepRowsFor(db.scale));
    const row: GrowthRow = { label, scale: db.scale, persons: search.persons, oddsScopeRows: odds?.scopeRows ?? 0, oddsDepth: odds?.depth ?? 0, page1: null, deep: null, search: null };
    if (!(await probe(app.baseUrl, key, search.path)).missing) row.search = await latency(app.baseUrl, key, search);
    if (odds && !(await probe(app.baseUrl, key, odds.page1.path)).missing) {
      if (odds.deep) [row.page1, row.deep] = await pairedLatency(app.baseUrl, key, odds.page1.path, odds.deep.path);
      else row.page1 = await latency(app.baseUrl, key, odds.page1);
    }
    log(`growth ${label}: ${row.persons} persons, search p50 ${row.search?.p50.toFixed(2) ?? "-"} ms` +
      (searchOnly ? "" : `; odds ${row.oddsScopeRows} rows, page 1 p50 ${row.page1?.p50.toFixed(2) ?? "-"} ms, depth ${row.oddsDepth} p50 ${row.deep?.p50.toFixed(2) ?? "-"} ms`));
    return row;
  } finally {
    await app.stop();
  }
}

async function main() {
  const loadavgAtStart = os.loadavg();
  log(`config ${JSON.stringify(config)}`);
  if (loadavgAtStart[0] > 1) notes.push(`load average ${loadavgAtStart[0].toFixed(2)} at start: other work shares the 2 cores, so absolute figures are low; ratios are measured back to back`);
  log("building the app if sources changed…");
  buildIfStale();
  const scales = [...new Set([config.mainScale, ...config.scales])];
  const dbs = new Map(scales.map((sc) => [sc, ensureBenchDb(sc, deepRowsFor(sc), log)]));
  const largest = dbs.get(Math.max(...scales))!;
  const personsDb = config.persons > 0 ? ensurePersonsDb(largest, config.persons, log) : null;
  const keyFor = (db: BenchDb) => benchKey(db, log);
  const keys = new Map([...dbs].map(([sc, db]) => [sc, keyFor(db)]));
  if ([...keys.values()].some((k) => k.plan !== "unlimited")) notes.push("keys are not on the unlimited plan (metering not merged yet)");
  const mainDb = dbs.get(config.mainScale)!;
  const { rows, profile } = await mainRuns(mainDb, keys.get(config.mainScale)!.key);
  const growth: GrowthRow[] = [];
  for (const sc of config.scales) growth.push(await growthRun(dbs.get(sc)!, keys.get(sc)!.key, `scale ${sc}`));
  if (personsDb) growth.push(await growthRun(personsDb, keyFor(personsDb).key, `persons ${config.persons.toLocaleString("en-US")}`, true));
  const results: BenchResults = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, loadavgAtStart },
    config,
    seeding: [...dbs.values(), ...(personsDb ? [personsDb] : [])].map((d) => ({ db: path.basename(d.file), seconds: d.seedSeconds, cached: d.seedSeconds === 0 })),
    main: { scale: config.mainScale, rows },
    growth,
    targets: [],
    profile,
    notes,
    totalSeconds: (Date.now() - started) / 1000,
  };
  results.targets = evaluateTargets(results);
  console.log(`\n${writeResults(results, config.writeDocs)}\n\nwritten: bench/results/latest.json${config.writeDocs ? ", docs/benchmark.md" : ""}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`bench failed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  },
);
