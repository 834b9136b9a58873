// The runs beside the main SQLite ones: the uncached endpoints on any backend, the cache-hit path
// scaled out (PostgreSQL + Redis, one and two instances under one load generator), and memory
// after a run of many distinct cache keys.
import { config, log, measure, notes } from "./measure";
import { load, warmUp, type LoadResult } from "./load";
import type { MainRow, MemoryRun } from "./report";
import { oddsScenarios, probe, searchScenario, statBoardScenario, type Scenario } from "./scenarios";
import { cpuSeconds, rssMb, startBenchApp } from "./servers";
import type { BenchDb } from "./datasets";

export const TEAMS: Scenario = {
  name: "/v1/teams (cache hit)",
  path: "/v1/teams",
  detail: "50 rows, auth + rate limit + metering",
};

/** The uncached endpoints (persons search, a deep odds page, the stat-board) on `db`. */
export async function missRuns(db: BenchDb, key: string, suffix = ""): Promise<MainRow[]> {
  const rows: MainRow[] = [];
  const uncached = await startBenchApp({ url: db.url, cache: false });
  try {
    const scenarios: Scenario[] = [{ ...searchScenario(db.file), name: `/v1/persons?q= (miss)${suffix}` }];
    const odds = await oddsScenarios(db.file, uncached.baseUrl, key, config.oddsDepth);
    if (odds?.deep) scenarios.push({ ...odds.deep, name: `odds deep page (miss)${suffix}` });
    else notes.push(`odds history${suffix}: no deep page at the main scale`);
    const board = statBoardScenario(db.file);
    if (board) scenarios.push({ ...board, name: `stat-board (miss)${suffix}` });
    for (const s of scenarios) {
      if ((await probe(uncached.baseUrl, key, s.path)).missing) {
        notes.push(`${s.name}: endpoint not implemented yet, skipped`);
        continue;
      }
      const [r] = await measure(
        [{ name: s.name, baseUrl: uncached.baseUrl, pid: uncached.proc.pid, scenario: s }],
        key,
        1,
      );
      rows.push({ ...s, ...r });
    }
  } finally {
    await uncached.stop();
  }
  return rows;
}

/** Several apps loaded at once by one autocannon process, connections split between them. */
async function loadTogether(apps: { baseUrl: string; pid?: number }[], key: string): Promise<LoadResult> {
  const each = Math.max(1, Math.floor(config.connections / apps.length));
  const spec = (baseUrl: string) => ({
    url: baseUrl + TEAMS.path,
    headers: { "x-api-key": key },
    connections: each,
    durationS: config.durationS,
  });
  await Promise.all(apps.map((a) => warmUp(spec(a.baseUrl), config.warmupS)));
  const before = apps.map((a) => cpuSeconds(a.pid));
  const results = await Promise.all(apps.map((a) => load(spec(a.baseUrl))));
  const after = apps.map((a) => cpuSeconds(a.pid));
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const cpu = after.reduce<number>((sum, a, i) => sum + ((a ?? 0) - (before[i] ?? 0)), 0);
  const weighted = (f: (r: LoadResult) => number) =>
    results.reduce((sum, r) => sum + f(r) * r.requests, 0) / Math.max(1, requests);
  return {
    rps: results.reduce((n, r) => n + r.rps, 0),
    p50: weighted((r) => r.p50),
    p99: Math.max(...results.map((r) => r.p99)),
    mean: weighted((r) => r.mean),
    requests,
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    cpuUsPerRequest: requests > 0 ? (cpu * 1e6) / requests : undefined,
    rssMb: apps.reduce((sum, a) => sum + (rssMb(a.pid) ?? 0), 0) || undefined,
  };
}

/**
 * What Redis costs on the hit path: /v1/teams from cache on PostgreSQL without Redis, with Redis
 * (shared rate limits and quotas: a Redis round trip per request), and two instances with Redis
 * under the same load generator.
 */
export async function scaleOutRuns(db: BenchDb, key: string): Promise<MainRow[]> {
  const rows: MainRow[] = [];
  const row = (name: string, detail: string, peak: LoadResult): MainRow => ({
    name,
    path: TEAMS.path,
    detail,
    peak,
    half: null,
    halfPaced: null,
  });
  const redis = {
    REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_PREFIX: `statline-bench-${process.pid}:`,
  };
  const plain = await startBenchApp({ url: db.url, cache: true });
  try {
    rows.push(
      row(
        "/v1/teams hit, PostgreSQL",
        "1 instance, no Redis",
        await loadTogether([{ baseUrl: plain.baseUrl, pid: plain.proc.pid }], key),
      ),
    );
  } finally {
    await plain.stop();
  }
  const apps = [await startBenchApp({ url: db.url, cache: true, env: redis })];
  try {
    apps.push(await startBenchApp({ url: db.url, cache: true, env: redis }));
    const one = apps.slice(0, 1).map((a) => ({ baseUrl: a.baseUrl, pid: a.proc.pid }));
    rows.push(row("/v1/teams hit, PostgreSQL + Redis", "1 instance", await loadTogether(one, key)));
    const two = apps.map((a) => ({ baseUrl: a.baseUrl, pid: a.proc.pid }));
    rows.push(
      row(
        "/v1/teams hit, PostgreSQL + Redis, 2 instances",
        "2 instances, connections split",
        await loadTogether(two, key),
      ),
    );
  } finally {
    for (const a of apps) await a.stop();
  }
  for (const r of rows)
    log(
      `${r.name.padEnd(48)} ${Math.round(r.peak.rps)} req/s, server CPU ${r.peak.cpuUsPerRequest?.toFixed(1) ?? "-"} µs/req, RSS ${r.peak.rssMb?.toFixed(0) ?? "-"} MB`,
    );
  return rows;
}

/** RSS before and after cycling through twice as many distinct cache keys as the cache holds. */
export async function manyKeysRun(app: { baseUrl: string; pid?: number }, key: string): Promise<MemoryRun> {
  const cap = Number(process.env.RESPONSE_CACHE_MAX_ENTRIES ?? 5000);
  const distinct = 2 * cap;
  const paths = Array.from({ length: distinct }, (_, i) => `/v1/persons?limit=20&offset=${i}`);
  let i = 0;
  const rssBeforeMb = rssMb(app.pid);
  const r = await load({
    url: app.baseUrl + paths[0],
    headers: { "x-api-key": key },
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
    connections: config.connections,
    durationS: 2 * config.durationS,
  });
  const meanResponseBytes = r.requests ? (r.bytes ?? 0) / r.requests : 0;
  const budgetBytes = Number(process.env.RESPONSE_CACHE_MAX_BYTES ?? cap * meanResponseBytes);
  const out: MemoryRun = {
    distinctKeys: Math.min(distinct, r.requests),
    cacheEntriesCap: cap,
    rssBeforeMb,
    rssAfterMb: rssMb(app.pid),
    meanResponseBytes,
    budgetMb: budgetBytes / 2 ** 20,
    requests: r.requests,
  };
  log(
    `many keys: ${out.requests} requests over ${out.distinctKeys} distinct keys, RSS ${out.rssBeforeMb?.toFixed(0)} -> ${out.rssAfterMb?.toFixed(0)} MB (cache budget ${out.budgetMb.toFixed(1)} MB)`,
  );
  return out;
}
