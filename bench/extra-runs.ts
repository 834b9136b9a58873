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
 * (shared rate limits and quotas, as leases: no Redis call on a hit that holds one), and two
 * instances with Redis under the same load generator. Twice: on the bench key's unlimited plan,
 * whose spending is only counted, and with that plan given a rate limit and a quota too high to
 * refuse anything, so every hit goes through the leased limiter and quota.
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
  const limited = {
    STATLINE_PLANS: JSON.stringify({
      unlimited: { ratePerMinute: 60_000_000, burst: 1_000_000, monthlyUnits: 2_000_000_000 },
    }),
  };
  for (const [plan, env] of [
    ["", {}],
    [", limited plan", limited],
  ] as const) {
    const redis = {
      ...env,
      REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
      REDIS_PREFIX: `statline-bench-${process.pid}${plan ? "-limited" : ""}:`,
      INSTANCE_COUNT: "2",
    };
    const plain = await startBenchApp({ url: db.url, cache: true, env: { ...env } });
    try {
      const one = [{ baseUrl: plain.baseUrl, pid: plain.proc.pid }];
      rows.push(
        row(`/v1/teams hit, PostgreSQL${plan}`, "1 instance, no Redis", await loadTogether(one, key)),
      );
    } finally {
      await plain.stop();
    }
    const apps = [await startBenchApp({ url: db.url, cache: true, env: redis })];
    try {
      apps.push(await startBenchApp({ url: db.url, cache: true, env: redis }));
      const one = apps.slice(0, 1).map((a) => ({ baseUrl: a.baseUrl, pid: a.proc.pid }));
      rows.push(row(`/v1/teams hit, PostgreSQL + Redis${plan}`, "1 instance", await loadTogether(one, key)));
      const two = apps.map((a) => ({ baseUrl: a.baseUrl, pid: a.proc.pid }));
      rows.push(
        row(
          `/v1/teams hit, PostgreSQL + Redis, 2 instances${plan}`,
          "2 instances, connections split",
          await loadTogether(two, key),
        ),
      );
    } finally {
      for (const a of apps) await a.stop();
    }
  }
  for (const r of rows)
    log(
      `${r.name.padEnd(62)} ${Math.round(r.peak.rps)} req/s, server CPU ${r.peak.cpuUsPerRequest?.toFixed(1) ?? "-"} µs/req, RSS ${r.peak.rssMb?.toFixed(0) ?? "-"} MB`,
    );
  return rows;
}

/** RSS before and after cycling through twice as many distinct cache keys as the cache holds. */
/** The response cache's own accounting, read from /metrics (the bench binds loopback: no token). */
async function cacheBytes(baseUrl: string): Promise<number | null> {
  const text = await fetch(`${baseUrl}/metrics`).then((r) => (r.ok ? r.text() : ""));
  const m = /^statline_response_cache_bytes (\d+)/m.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * Two equal runs over disjoint sets of distinct cache keys (limit 10–29 x offset). The first fills
 * the cache and grows V8's heap to its working size; the second would add as much again if the
 * cache were unbounded, so its RSS growth is what the target judges, beside the cache's own count.
 */
export async function manyKeysRun(app: { baseUrl: string; pid?: number }, key: string): Promise<MemoryRun> {
  const cap = Number(process.env.RESPONSE_CACHE_MAX_ENTRIES ?? 5000);
  const distinct = 2 * cap;
  const pathOf = (n: number) => `/v1/persons?limit=${10 + (n % 20)}&offset=${Math.floor(n / 20)}`;
  const phase = async (from: number) => {
    let i = 0;
    const r = await load({
      url: app.baseUrl + pathOf(from),
      headers: { "x-api-key": key },
      requests: [
        { method: "GET", setupRequest: (req) => ({ ...req, path: pathOf(from + (i++ % distinct)) }) },
      ],
      connections: config.connections,
      durationS: 2 * config.durationS,
    });
    return { r, rss: rssMb(app.pid), cache: await cacheBytes(app.baseUrl) };
  };
  const rssBeforeMb = rssMb(app.pid);
  const first = await phase(0);
  const second = await phase(distinct);
  const requests = first.r.requests + second.r.requests;
  const meanResponseBytes = requests ? ((first.r.bytes ?? 0) + (second.r.bytes ?? 0)) / requests : 0;
  const out: MemoryRun = {
    distinctKeys: Math.min(distinct, first.r.requests) + Math.min(distinct, second.r.requests),
    cacheEntriesCap: cap,
    rssBeforeMb,
    rssMidMb: first.rss,
    rssAfterMb: second.rss,
    cacheBytesMb: second.cache === null ? null : second.cache / 2 ** 20,
    meanResponseBytes,
    budgetMb: Number(process.env.RESPONSE_CACHE_MAX_BYTES ?? 64 * 2 ** 20) / 2 ** 20,
    requests,
  };
  log(
    `many keys: ${out.requests} requests over ${out.distinctKeys} distinct keys in two disjoint runs, RSS ${out.rssBeforeMb?.toFixed(0)} -> ${out.rssMidMb?.toFixed(0)} -> ${out.rssAfterMb?.toFixed(0)} MB; cache holds ${out.cacheBytesMb?.toFixed(1) ?? "-"} MB (budget ${out.budgetMb.toFixed(0)} MB)`,
  );
  return out;
}
