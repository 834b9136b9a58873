// The benchmark's output: a console table, bench/results/latest.json and the figures section of
// bench/RESULTS.md (between the bench:start/bench:end markers).
import fs from "node:fs";
import path from "node:path";
import type { LoadResult } from "./load";
import type { ProfileSummary } from "./profile";
import { endpointsSummary, type EndpointRuns } from "./endpoints-run";
import { keysSummary, type KeysRun } from "./keys-run";

export interface MainRow {
  name: string;
  path: string;
  detail: string;
  peak: LoadResult;
  /** autocannon at overallRate = peak / 2 (bursty: see bench/paced.ts). */
  half: LoadResult | null;
  /** The same rate, sent at a steady pace. */
  halfPaced: LoadResult | null;
}
export interface GrowthRow {
  label: string;
  scale: number;
  persons: number;
  oddsScopeRows: number;
  oddsDepth: number;
  page1: LoadResult | null;
  deep: LoadResult | null;
  search: LoadResult | null;
}
export interface MemoryRun {
  distinctKeys: number;
  cacheEntriesCap: number;
  rssBeforeMb: number | null;
  /** After the first of two disjoint runs (cache full, heap at working size). */
  rssMidMb: number | null;
  rssAfterMb: number | null;
  /** What the cache counts against its budget after the second run (statline_response_cache_bytes). */
  cacheBytesMb: number | null;
  meanResponseBytes: number;
  /** The cache's byte budget: RESPONSE_CACHE_MAX_BYTES (default 64 MiB). */
  budgetMb: number;
  requests: number;
}

export interface Target {
  name: string;
  target: string;
  value: string;
  pass: boolean | null;
}
export interface BenchResults {
  when: string;
  machine: { cpus: number; node: string; loadavgAtStart: number[] };
  config: Record<string, unknown>;
  seeding: { db: string; seconds: number; cached: boolean }[];
  main: { scale: number; rows: MainRow[] };
  /** The miss runs on PostgreSQL and the hit path scaled out with Redis; null when skipped. */
  postgres: { rows: MainRow[]; scaleOut: MainRow[] } | null;
  memory: MemoryRun | null;
  /** Cache hits with an unrestricted and a restricted key (bench/keys-run.ts). */
  keys?: KeysRun | null;
  /** Every route uncached (bench/endpoints-run.ts). */
  endpoints?: EndpointRuns | null;
  growth: GrowthRow[];
  targets: Target[];
  profile: ProfileSummary | null;
  notes: string[];
  totalSeconds: number;
}

const ROOT = path.resolve(__dirname, "..");
const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "-");
const ms = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n.toFixed(2) : "-");
const x = (a: number, b: number) =>
  Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : "-";

function mainTable(r: BenchResults): string[] {
  const base = r.main.rows.find((row) => row.name === "baseline")!;
  const lines = [
    "| Run | req/s | vs baseline | p50 ms | vs | p99 ms | vs | p99 at half peak ms (autocannon / paced) | server CPU µs/req | vs | RSS MB | errors/non-2xx |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const row of r.main.rows) {
    const p = row.peak;
    lines.push(
      `| ${row.name} | ${f0(p.rps)} | ${x(p.rps, base.peak.rps)} | ${ms(p.p50)} | ${x(p.p50, base.peak.p50)} | ${ms(p.p99)} | ${x(p.p99, base.peak.p99)} | ${ms(row.half?.p99)} / ${ms(row.halfPaced?.p99)} | ${p.cpuUsPerRequest?.toFixed(1) ?? "-"} | ${p.cpuUsPerRequest && base.peak.cpuUsPerRequest ? x(p.cpuUsPerRequest, base.peak.cpuUsPerRequest) : "-"} | ${p.rssMb?.toFixed(0) ?? "-"} | ${p.errors}/${p.non2xx} |`,
    );
  }
  return lines;
}

/** Each miss run on SQLite beside the same run on PostgreSQL. */
export function pairs(r: BenchResults): { name: string; sqlite: MainRow; pg: MainRow }[] {
  const out: { name: string; sqlite: MainRow; pg: MainRow }[] = [];
  for (const pg of r.postgres?.rows ?? []) {
    const name = pg.name.replace(", PostgreSQL", "");
    const sqlite = r.main.rows.find((row) => row.name === name);
    if (sqlite) out.push({ name, sqlite, pg });
  }
  return out;
}

function backendTable(r: BenchResults): string[] {
  const lines = [
    "| Miss run | SQLite req/s | PostgreSQL req/s | SQLite / PostgreSQL | CPU µs/req SQLite / PostgreSQL (app process) | p99 at half peak ms SQLite (ac / paced) | PostgreSQL (ac / paced) | RSS MB SQLite / PostgreSQL |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const { name, sqlite, pg } of pairs(r)) {
    const [a, b] = [sqlite.peak, pg.peak];
    lines.push(
      `| ${name} | ${f0(a.rps)} | ${f0(b.rps)} | ${x(a.rps, b.rps)} | ${a.cpuUsPerRequest?.toFixed(1) ?? "-"} / ${b.cpuUsPerRequest?.toFixed(1) ?? "-"} | ${ms(sqlite.half?.p99)} / ${ms(sqlite.halfPaced?.p99)} | ${ms(pg.half?.p99)} / ${ms(pg.halfPaced?.p99)} | ${a.rssMb?.toFixed(0) ?? "-"} / ${b.rssMb?.toFixed(0) ?? "-"} |`,
    );
  }
  return lines;
}

function scaleOutTable(r: BenchResults): string[] {
  const rows = r.postgres?.scaleOut ?? [];
  if (!rows.length) return [];
  const first = rows[0].peak;
  const lines = [
    "| Cache-hit run (/v1/teams) | req/s | vs no Redis | p50 / p99 ms | server CPU µs/req (all instances) | vs no Redis | RSS MB (sum) | errors/non-2xx |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const row of rows) {
    const p = row.peak;
    lines.push(
      `| ${row.name} (${row.detail}) | ${f0(p.rps)} | ${x(p.rps, first.rps)} | ${ms(p.p50)} / ${ms(p.p99)} | ${p.cpuUsPerRequest?.toFixed(1) ?? "-"} | ${p.cpuUsPerRequest && first.cpuUsPerRequest ? x(p.cpuUsPerRequest, first.cpuUsPerRequest) : "-"} | ${p.rssMb?.toFixed(0) ?? "-"} | ${p.errors}/${p.non2xx} |`,
    );
  }
  return lines;
}

function growthTable(r: BenchResults): string[] {
  const lines = [
    "| Data | persons | search p50 / p99 ms | odds scope rows | page 1 p50 / p99 ms | deep page (depth) p50 / p99 ms | deep / page 1 (p50) |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const g of r.growth) {
    lines.push(
      `| ${g.label} | ${f0(g.persons)} | ${ms(g.search?.p50)} / ${ms(g.search?.p99)} | ${f0(g.oddsScopeRows)} | ${ms(g.page1?.p50)} / ${ms(g.page1?.p99)} | (${f0(g.oddsDepth)}) ${ms(g.deep?.p50)} / ${ms(g.deep?.p99)} | ${g.deep && g.page1 ? x(g.deep.p50, g.page1.p50) : "-"} |`,
    );
  }
  return lines;
}

export function summary(r: BenchResults): string {
  const out = [
    `Measured ${r.when} on ${r.machine.cpus} cores, Node ${r.machine.node}, load average at start ${r.machine.loadavgAtStart.map((l) => l.toFixed(2)).join(" ")}.`,
    `Main runs: seed --scale ${r.main.scale}, ${r.config.connections} connections, ${r.config.durationS} s each after ${r.config.warmupS} s warm-up; baseline and /v1/teams alternate for ${r.config.rounds} rounds and keep their best; latencies are exact (not autocannon's whole-ms histogram).`,
    "",
    ...mainTable(r),
    "",
    ...(r.postgres
      ? [
          `The same miss runs on PostgreSQL 127.0.0.1 (a bench database seeded at --scale ${r.main.scale} with the same generator); CPU is the app process only (PostgreSQL's own work is in its processes):`,
          "",
          ...backendTable(r),
          "",
          "What Redis costs on the hit path (PostgreSQL; scale-out mode adds one Redis round trip per request for the shared rate limit and quota); one autocannon process loads the instances, connections split between them:",
          "",
          ...scaleOutTable(r),
          "",
        ]
      : []),
    ...(r.memory
      ? [
          `Memory: RSS after each run is in the tables. Many distinct keys: ${f0(r.memory.requests)} requests over ${f0(r.memory.distinctKeys)} distinct cache keys (cache cap ${f0(r.memory.cacheEntriesCap)} entries), in two disjoint runs, RSS ${r.memory.rssBeforeMb?.toFixed(0) ?? "-"} -> ${r.memory.rssMidMb?.toFixed(0) ?? "-"} -> ${r.memory.rssAfterMb?.toFixed(0) ?? "-"} MB; the cache counts ${r.memory.cacheBytesMb?.toFixed(1) ?? "-"} MB against its ${r.memory.budgetMb.toFixed(0)} MB budget (mean response ${f0(r.memory.meanResponseBytes)} bytes).`,
          "",
        ]
      : []),
    ...(r.keys ? [...keysSummary(r.keys), ""] : []),
    ...(r.endpoints ? [...endpointsSummary(r.endpoints), ""] : []),
    `Growth runs (1 connection: unloaded service latency; response cache off; odds page 1 and the deep page alternate on the connection for ${2 * Number(r.config.growthDurationS)} s):`,
    "",
    ...growthTable(r),
    "",
    "| Target | Goal | Measured | Result |",
    "|---|---|---|---|",
    ...r.targets.map(
      (t) =>
        `| ${t.name} | ${t.target} | ${t.value} | ${t.pass === null ? "n/a" : t.pass ? "PASS" : "FAIL"} |`,
    ),
  ];
  if (r.seeding.length)
    out.push(
      "",
      `Bench databases: ${r.seeding.map((s) => `${s.db} ${s.cached ? "cached" : `built in ${s.seconds.toFixed(0)} s`}`).join(", ")}. Total bench time ${r.totalSeconds.toFixed(0)} s.`,
    );
  if (r.profile) {
    out.push(
      "",
      `CPU profile of the /v1/teams cache-hit run (self time, ${r.profile.idlePct.toFixed(0)}% idle):`,
      "",
    );
    out.push(...r.profile.functions.slice(0, 12).map((f) => `- ${f.selfPct.toFixed(1)}% ${f.name}`));
  }
  if (r.notes.length) out.push("", ...r.notes.map((n) => `Note: ${n}`));
  return out.join("\n");
}

export function writeResults(r: BenchResults, writeDocs: boolean): string {
  const dir = path.join(ROOT, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "latest.json"), `${JSON.stringify(r, null, 2)}\n`);
  // Every run is kept (git-ignored), so before/after comparisons need no copying by hand.
  fs.writeFileSync(path.join(dir, `${r.when.replace(/[:.]/g, "-")}.json`), `${JSON.stringify(r, null, 2)}\n`);
  const text = summary(r);
  fs.writeFileSync(path.join(dir, "latest.md"), `${text}\n`);
  const doc = path.join(ROOT, "bench", "RESULTS.md");
  if (writeDocs && fs.existsSync(doc)) {
    const current = fs.readFileSync(doc, "utf8");
    const start = "<!-- bench:start -->";
    const end = "<!-- bench:end -->";
    const a = current.indexOf(start);
    const b = current.indexOf(end);
    if (a !== -1 && b > a)
      fs.writeFileSync(doc, `${current.slice(0, a + start.length)}\n${text}\n${current.slice(b)}`);
  }
  return text;
}
