import os from "node:os";
import { runScript, type BenchDb } from "./datasets";
import type { GcRate, LoadResult } from "./load";
import { config, gcText, log, notes, peakOf } from "./measure";
import { startBaseline, startBenchApp } from "./servers";

// The key checks on the cache-hit path. /v1/teams from cache with the plain bench key
// and with a restricted key of the same account (scopes + IP allowlist + expiry + per-key rate
// limit), beside the raw node:http baseline, in alternating rounds on one server; each figure is
// the median of its rounds, so the ratio is measured back to back whatever else the machine is doing.
// (The path is spelled here, not imported from extra-runs.ts: that imports report.ts, which
// imports this file.)
const TEAMS = { path: "/v1/teams" };

export interface KeysRow {
  name: string;
  detail: string;
  rps: number;
  p50: number;
  p99: number;
  cpuUsPerRequest: number | null;
  non2xx: number;
  gc?: GcRate;
}
export interface KeysRun {
  rows: KeysRow[];
  loadavg: number;
}

/** A key of the bench account with every restriction the hot path checks; none of them refuses. */
function restrictedKey(db: BenchDb): string {
  const out = runScript(
    db.url,
    "scripts/admin.ts",
    ...["key", "create", "--email", "bench@statline.invalid", "--environment", "test"],
    ...["--name", "bench restricted", "--scopes", "teams,persons", "--allow-ip", "127.0.0.0/8,::1"],
    // 1,000,000/min (the maximum) stays above the peak, so the limiter runs but never refuses.
    ...["--expires-in", "30d", "--rate-limit", "1000000"],
  );
  return out.trim().split("\n").pop()!.trim();
}

export async function keysRuns(db: BenchDb, key: string): Promise<KeysRun> {
  const restricted = restrictedKey(db);
  const app = await startBenchApp({ url: db.url, cache: true });
  try {
    const baseline = await startBaseline(app.baseUrl, TEAMS.path, key);
    try {
      const variants = [
        {
          name: "baseline",
          detail: "raw node:http, same bytes",
          url: baseline.baseUrl,
          pid: baseline.pid,
          key,
        },
        { name: "unrestricted key", detail: "restrictions: null", url: app.baseUrl, pid: app.proc.pid, key },
        {
          name: "restricted key",
          detail: "scopes, IP allowlist, expiry, 1M/min rate limit",
          url: app.baseUrl,
          pid: app.proc.pid,
          key: restricted,
        },
      ];
      const runs = new Map<string, LoadResult[]>(variants.map((v) => [v.name, []]));
      for (let round = 0; round < config.rounds; round++) {
        for (const v of variants) {
          // Pinned, with wrk, like every other peak run (bench/measure.ts peakOf).
          const target = { name: `keys ${v.name}`, baseUrl: v.url, pid: v.pid, scenario: TEAMS };
          runs.get(v.name)!.push(await peakOf(target, v.key, config.durationS, `round ${round + 1}`));
        }
      }
      const rows = variants.map((v): KeysRow => {
        const rs = runs.get(v.name)!;
        // The round of median req/s gives the latencies and GC; CPU is its own median.
        const r = [...rs].sort((a, b) => a.rps - b.rps)[Math.floor((rs.length - 1) / 2)];
        const cpus = rs.flatMap((x) => (x.cpuUsPerRequest ? [x.cpuUsPerRequest] : [])).sort((a, b) => a - b);
        return {
          name: v.name,
          detail: v.detail,
          rps: r.rps,
          p50: r.p50,
          p99: r.p99,
          cpuUsPerRequest: cpus.length ? cpus[Math.floor((cpus.length - 1) / 2)] : null,
          non2xx: rs.reduce((n, x) => n + x.non2xx, 0),
          gc: r.gc,
        };
      });
      const run = { rows, loadavg: os.loadavg()[0] };
      for (const line of keysSummary(run)) log(line);
      if (rows.some((r) => r.non2xx > 0)) notes.push("keys run: some responses were not 2xx; see the log");
      return run;
    } finally {
      await baseline.stop();
    }
  } finally {
    await app.stop();
  }
}

const ratio = (a: number | null, b: number | null) => (a && b ? `${(a / b).toFixed(2)}x` : "-");

/** The table for the console and docs/benchmark.md (bench/report.ts). */
export function keysSummary(run: KeysRun): string[] {
  const base = run.rows[0];
  return [
    `Key checks on the cache-hit path (/v1/teams; the three alternate for ${config.rounds} rounds, each figure the median of its rounds; load average ${run.loadavg.toFixed(1)} at the end). "vs baseline" is the run's req/s over the baseline's, and the baseline's CPU per request over the run's (1.00x = as cheap):`,
    "",
    "| Run | req/s | vs baseline | p50 / p99 ms | server CPU µs/req | vs baseline | GC at peak |",
    "|---|---:|---:|---:|---:|---:|---|",
    ...run.rows.map(
      (r) =>
        `| ${r.name} (${r.detail}) | ${Math.round(r.rps)} | ${ratio(r.rps, base.rps)} | ${r.p50.toFixed(2)} / ${r.p99.toFixed(2)} | ${r.cpuUsPerRequest?.toFixed(1) ?? "-"} | ${ratio(base.cpuUsPerRequest, r.cpuUsPerRequest)} | ${gcText(r.gc)} |`,
    ),
  ];
}
