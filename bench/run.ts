// `npm run bench`: autocannon against the production build, all in one run on this machine.
// Knobs (env): BENCH_DURATION, BENCH_ROUNDS, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_MAIN_SCALE, BENCH_SCALES,
// BENCH_GROWTH_DURATION, BENCH_ODDS_DEPTH, BENCH_PERSONS, BENCH_NEXT, BENCH_PROFILE, BENCH_WRITE_DOCS,
// BENCH_POSTGRES, BENCH_REDIS_URL, BENCH_ONLY=logs (just the request-log figures),
// BENCH_ONLY=encoding (just cache hits with and without compression), BENCH_ONLY=misses
// (just the uncached runs, SQLite then PostgreSQL unless BENCH_POSTGRES=0: CPU per miss),
// BENCH_ONLY=keys (just the cache hit with an unrestricted and a restricted key),
// BENCH_ONLY=alloc (just the bytes allocated per cache hit, in the server process),
// BENCH_ONLY=scaleout (just the cache hit on PostgreSQL: 1 instance without Redis, 1 and 2 with Redis),
// BENCH_ONLY=endpoints (every route uncached, SQLite then PostgreSQL),
// BENCH_ONLY=events (event latency and the hit path with open streams),
// BENCH_ONLY=ingest (live ingest: response -> SSE/webhook latency, odds throughput),
// BENCH_ONLY=model (the ingest model-based test, long), BENCH_ONLY=fuzz (50,000 fuzzed ingest requests).
// BENCH_ONLY=international (the international results import's time and its endpoints beside their floors).
// See docs/benchmark.md.
import os from "node:os";
import path from "node:path";
import { buildIfStale } from "../scripts/build-if-stale";
import { benchKey, ensureBenchDb, ensurePersonsDb, type BenchDb } from "./datasets";
import { encodingRuns } from "./encoding-run";
import { endpointRuns, endpointsSummary, logEndpointRuns, type EndpointRuns } from "./endpoints-run";
import { eventRuns } from "./events-run";
import { ingestRuns } from "./ingest-run";
import { internationalRuns } from "./international-run";
import { webhookRuns } from "./webhooks-run";
import { fuzzRun, modelRuns } from "./write-side-run";
import { keysRuns, keysSummary } from "./keys-run";
import { manyKeysRun, missRuns, scaleOutRuns, TEAMS } from "./extra-runs";
import { allocationRuns } from "./alloc-run";
import { load } from "./load";
import { requestLogRuns } from "./logs-run";
import { config, gcText, latency, log, measure, notes, pairedLatency, started } from "./measure";
import { machineNote } from "./native";
import { ensurePgBenchDb } from "./postgres";
import { summarizeProfile } from "./profile";
import { writeResults, type BenchResults, type GrowthRow, type MainRow, type MemoryRun } from "./report";
import { oddsScenarios, probe, searchScenario } from "./scenarios";
import { startBaseline, startBenchApp, toggleProfiler } from "./servers";
import { evaluateTargets } from "./targets";

/** The cache-hit path against the baseline (SQLite), its profile, memory under many keys, Next. */
async function hitRuns(
  db: BenchDb,
  key: string,
): Promise<{ rows: MainRow[]; profile: BenchResults["profile"]; memory: MemoryRun | null }> {
  const rows: MainRow[] = [];
  const profileOut = path.join(os.tmpdir(), `statline-bench-${process.pid}.cpuprofile`);
  const app = await startBenchApp({
    url: db.url,
    cache: true,
    profileOut: config.profile ? profileOut : undefined,
  });
  let profile: BenchResults["profile"] = null;
  let memory: MemoryRun | undefined;
  try {
    const baseline = await startBaseline(app.baseUrl, TEAMS.path, key);
    try {
      const [b, t] = await measure(
        [
          { name: "baseline", baseUrl: baseline.baseUrl, pid: baseline.pid, scenario: { path: "/" } },
          { name: TEAMS.name, baseUrl: app.baseUrl, pid: app.proc.pid, scenario: TEAMS },
        ],
        key,
        config.rounds,
      );
      rows.push(
        { name: "baseline", path: "raw node:http", detail: "same bytes and headers as /v1/teams", ...b },
        { ...TEAMS, ...t },
      );
      notes.push(
        `GC pauses of the server (perf_hooks), at peak / at half peak: baseline ${gcText(b.peak.gc)} / ${gcText(b.half.gc)}; ${TEAMS.name} ${gcText(t.peak.gc)} / ${gcText(t.half.gc)}`,
      );
    } finally {
      await baseline.stop();
    }
    if (config.profile) {
      toggleProfiler(app);
      await load({
        url: app.baseUrl + TEAMS.path,
        headers: { "x-api-key": key },
        connections: config.connections,
        durationS: 5,
      });
      toggleProfiler(app);
      await new Promise((r) => setTimeout(r, 1500));
      try {
        profile = summarizeProfile(profileOut, 20);
      } catch (err) {
        notes.push(`profile not written: ${(err as Error).message}`);
      }
    }
    memory = await manyKeysRun({ baseUrl: app.baseUrl, pid: app.proc.pid }, key);
  } finally {
    await app.stop();
  }
  if (config.next) {
    const next = await startBenchApp({ url: db.url, mode: "next", cache: true });
    try {
      const s = {
        name: "/v1/teams via next start",
        path: "/v1/teams",
        detail: "same pipeline behind Next's router",
      };
      const [r] = await measure([{ name: s.name, baseUrl: next.baseUrl, scenario: s }], key, 1);
      rows.push({ ...s, peak: r.peak, half: null, halfPaced: null });
    } finally {
      await next.stop();
    }
  }
  return { rows, profile, memory: memory ?? null };
}

/** BENCH_ONLY=ingest: the main scale's database only (and PostgreSQL's twin unless BENCH_POSTGRES=0). */
async function onlyIngest(): Promise<void> {
  const db = ensureBenchDb(config.mainScale, deepRowsFor(config.mainScale), log);
  const key = benchKey(db, log).key;
  let pg: { db: BenchDb; key: string } | undefined;
  if (config.postgres) {
    const pgDb = await ensurePgBenchDb(config.mainScale, deepRowsFor(config.mainScale), db.file, log);
    pg = { db: pgDb, key: benchKey(pgDb, log).key };
  }
  await ingestRuns(db, key, pg);
  notes.push(`at the end: ${machineNote()}`);
  console.log(`\n${notes.join("\n")}`);
}

/** BENCH_ONLY=misses: the uncached runs alone (their CPU per request), nothing written. */
async function onlyMisses(db: BenchDb, key: string): Promise<void> {
  const rows = await missRuns(db, key);
  if (config.postgres) {
    const pgDb = await ensurePgBenchDb(config.mainScale, deepRowsFor(config.mainScale), db.file, log);
    rows.push(...(await missRuns(pgDb, benchKey(pgDb, log).key, ", PostgreSQL")));
  }
  for (const r of rows)
    console.log(
      `${r.name.padEnd(36)} ${Math.round(r.peak.rps)} req/s, server CPU ${r.peak.cpuUsPerRequest?.toFixed(1) ?? "-"} µs/req, ` +
        `p99 at half peak ${r.half?.p99.toFixed(2) ?? "-"} / ${r.halfPaced?.p99.toFixed(2) ?? "-"} ms (load average ${os.loadavg()[0].toFixed(2)})`,
    );
}

/** Every route uncached on SQLite, then on PostgreSQL (unless BENCH_POSTGRES=0). */
async function everyEndpoint(
  db: BenchDb,
  key: string,
  pg?: { db: BenchDb; key: string },
): Promise<EndpointRuns> {
  const sqlite = await endpointRuns(db, db.file, key);
  logEndpointRuns("SQLite", sqlite);
  let postgresql: EndpointRuns["postgresql"] = null;
  if (config.postgres) {
    const pgDb =
      pg?.db ?? (await ensurePgBenchDb(config.mainScale, deepRowsFor(config.mainScale), db.file, log));
    postgresql = await endpointRuns(pgDb, db.file, pg?.key ?? benchKey(pgDb, log).key);
    logEndpointRuns("PostgreSQL", postgresql);
  }
  return { sqlite, postgresql };
}

/** The deep history grows with the scale: 100k rows per scale unit, up to BENCH_ODDS_DEPTH. */
const deepRowsFor = (scale: number) => Math.min(config.oddsDepth, Math.round(100_000 * scale));

async function growthRun(db: BenchDb, key: string, label: string, searchOnly = false): Promise<GrowthRow> {
  const app = await startBenchApp({ url: db.url, cache: false });
  try {
    const search = searchScenario(db.file);
    const odds = searchOnly ? null : await oddsScenarios(db.file, app.baseUrl, key, deepRowsFor(db.scale));
    const row: GrowthRow = {
      label,
      scale: db.scale,
      persons: search.persons,
      oddsScopeRows: odds?.scopeRows ?? 0,
      oddsDepth: odds?.depth ?? 0,
      page1: null,
      deep: null,
      search: null,
    };
    if (!(await probe(app.baseUrl, key, search.path)).missing)
      row.search = await latency(app.baseUrl, key, search);
    if (odds && !(await probe(app.baseUrl, key, odds.page1.path)).missing) {
      if (odds.deep)
        [row.page1, row.deep] = await pairedLatency(app.baseUrl, key, odds.page1.path, odds.deep.path);
      else row.page1 = await latency(app.baseUrl, key, odds.page1);
    }
    log(
      `growth ${label}: ${row.persons} persons, search p50 ${row.search?.p50.toFixed(2) ?? "-"} ms` +
        (searchOnly
          ? ""
          : `; odds ${row.oddsScopeRows} rows, page 1 p50 ${row.page1?.p50.toFixed(2) ?? "-"} ms, depth ${row.oddsDepth} p50 ${row.deep?.p50.toFixed(2) ?? "-"} ms`),
    );
    return row;
  } finally {
    await app.stop();
  }
}

async function main() {
  const loadavgAtStart = os.loadavg();
  log(`config ${JSON.stringify(config)}`);
  if (loadavgAtStart[0] > 1)
    notes.push(
      `load average ${loadavgAtStart[0].toFixed(2)} at start: other work shares the 2 cores, so absolute figures are low; ratios are measured back to back`,
    );
  notes.push(`at start: ${machineNote()}`);
  log("building the app if sources changed…");
  buildIfStale();
  if (process.env.BENCH_ONLY === "ingest") {
    await onlyIngest();
    return;
  }
  if (process.env.BENCH_ONLY === "model" || process.env.BENCH_ONLY === "fuzz") {
    if (process.env.BENCH_ONLY === "model") modelRuns(config.postgres);
    else fuzzRun();
    console.log(`\n${notes.join("\n")}`);
    return;
  }
  if (process.env.BENCH_ONLY === "international") {
    console.log(`\n${(await internationalRuns()).join("\n")}\n\n${notes.join("\n")}`);
    return;
  }
  if (process.env.BENCH_ONLY === "alloc") {
    // A cache hit does not touch the database: the PostgreSQL bench database saves building SQLite's
    // (BENCH_POSTGRES=0: SQLite's).
    const db = config.postgres
      ? await ensurePgBenchDb(config.mainScale, deepRowsFor(config.mainScale), "", log)
      : ensureBenchDb(config.mainScale, deepRowsFor(config.mainScale), log);
    const lines = await allocationRuns(db, benchKey(db, log).key);
    console.log(`\n${[...lines, ...notes].join("\n")}`);
    return;
  }
  if (process.env.BENCH_ONLY === "scaleout") {
    // PostgreSQL only: no SQLite database is built for this section.
    const pgDb = await ensurePgBenchDb(config.mainScale, deepRowsFor(config.mainScale), "", log);
    await scaleOutRuns(pgDb, benchKey(pgDb, log).key);
    notes.push(`at the end: ${machineNote()}`);
    console.log(`\n${notes.join("\n")}`);
    return;
  }
  const scales = [...new Set([config.mainScale, ...config.scales])];
  const dbs = new Map(scales.map((sc) => [sc, ensureBenchDb(sc, deepRowsFor(sc), log)]));
  const largest = dbs.get(Math.max(...scales))!;
  const personsDb = config.persons > 0 ? ensurePersonsDb(largest, config.persons, log) : null;
  const keyFor = (db: BenchDb) => benchKey(db, log);
  const keys = new Map([...dbs].map(([sc, db]) => [sc, keyFor(db)]));
  if ([...keys.values()].some((k) => k.plan !== "unlimited"))
    notes.push("keys are not on the unlimited plan (metering not merged yet)");
  const mainDb = dbs.get(config.mainScale)!;
  const mainKey = keys.get(config.mainScale)!.key;
  if (process.env.BENCH_ONLY === "misses") {
    await onlyMisses(mainDb, mainKey);
    return;
  }
  if (process.env.BENCH_ONLY === "endpoints") {
    const runs = await everyEndpoint(mainDb, mainKey);
    notes.push(`at the end: ${machineNote()}`);
    console.log(`\n${endpointsSummary(runs).join("\n")}\n\n${notes.join("\n")}`);
    return;
  }
  if (process.env.BENCH_ONLY === "keys") {
    console.log(`\n${keysSummary(await keysRuns(mainDb, mainKey)).join("\n")}\n${notes.join("\n")}`);
    return;
  }
  if (process.env.BENCH_ONLY === "events") {
    await webhookRuns(mainDb);
    await eventRuns(mainDb, mainKey);
    console.log(`\n${notes.join("\n")}`);
    return;
  }
  await encodingRuns(mainDb, mainKey);
  if (process.env.BENCH_ONLY === "encoding") {
    console.log(`\n${notes.join("\n")}`);
    return;
  }
  await requestLogRuns(mainDb, mainKey);
  if (process.env.BENCH_ONLY === "logs") {
    console.log(`\n${notes.join("\n")}`);
    return;
  }
  const { rows, profile, memory } = await hitRuns(mainDb, mainKey);
  notes.push(...(await allocationRuns(mainDb, mainKey)));
  const keyChecks = await keysRuns(mainDb, mainKey);
  rows.push(...(await missRuns(mainDb, mainKey)));
  let postgres: BenchResults["postgres"] = null;
  let pgBench: { db: BenchDb; key: string } | undefined;
  if (config.postgres) {
    try {
      const pgDb = await ensurePgBenchDb(config.mainScale, deepRowsFor(config.mainScale), mainDb.file, log);
      const pgKey = keyFor(pgDb).key;
      pgBench = { db: pgDb, key: pgKey };
      postgres = {
        rows: await missRuns(pgDb, pgKey, ", PostgreSQL"),
        scaleOut: await scaleOutRuns(pgDb, pgKey),
      };
    } catch (err) {
      notes.push(`PostgreSQL runs failed: ${(err as Error).message.split("\n")[0]}`);
    }
  }
  const endpoints = await everyEndpoint(mainDb, mainKey, pgBench);
  await webhookRuns(mainDb);
  await eventRuns(mainDb, mainKey, pgBench);
  const growth: GrowthRow[] = [];
  for (const sc of config.scales)
    growth.push(await growthRun(dbs.get(sc)!, keys.get(sc)!.key, `scale ${sc}`));
  if (personsDb)
    growth.push(
      await growthRun(
        personsDb,
        keyFor(personsDb).key,
        `persons ${config.persons.toLocaleString("en-US")}`,
        true,
      ),
    );
  // The international results set: import time and its endpoints beside their floors (in the notes).
  for (const line of await internationalRuns()) notes.push(`international: ${line}`);
  const results: BenchResults = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, loadavgAtStart },
    config,
    seeding: [...dbs.values(), ...(personsDb ? [personsDb] : [])].map((d) => ({
      db: path.basename(d.file),
      seconds: d.seedSeconds,
      cached: d.seedSeconds === 0,
    })),
    main: { scale: config.mainScale, rows },
    postgres,
    memory,
    keys: keyChecks,
    endpoints,
    growth,
    targets: [],
    profile,
    notes,
    totalSeconds: (Date.now() - started) / 1000,
  };
  notes.push(`at the end: ${machineNote()}`);
  results.targets = evaluateTargets(results);
  console.log(
    `\n${writeResults(results, config.writeDocs)}\n\nwritten: bench/results/latest.json${config.writeDocs ? ", bench/RESULTS.md" : ""}`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`bench failed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  },
);
