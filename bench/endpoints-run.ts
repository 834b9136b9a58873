// Every /v1 route uncached, driven by the route table (read from the app's own /v1/openapi.json,
// which lib/api/routes.ts generates): a route added later shows up as "no sample request" until
// it gets one here. Peak, p99 at half of it beside the raw baseline's p99 at half its own peak
// (same run), server CPU per request and GC pauses per second, against two floors (Statline's
// header set, and the floor's own two headers), on SQLite and on PostgreSQL (same generator, so
// the same ids).
import fs from "node:fs";
import os from "node:os";
import nodePath from "node:path";
import Database from "better-sqlite3";
import { attributeProfile, describeAttribution } from "./attribute";
import type { BenchDb } from "./datasets";
import type { LoadResult } from "./load";
import { captureStatements, startFloor } from "./floor";
import { config, log, measure, notes, peakLoad, peakOf, type Target } from "./measure";
import { probe } from "./scenarios";
import { captureResponse, profileWritten, startBaseline, startBenchApp, toggleProfiler } from "./servers";
import type { RunningApp } from "../tests/support/app";

export interface EndpointRun {
  pattern: string;
  path: string;
  peak: LoadResult;
  half: LoadResult;
  halfPaced: LoadResult | null;
  /** The same request's floor (bench/floor.ts): its statements, JSON.stringify, one write. */
  floor: LoadResult | null;
  /** The same floor writing Statline's header set for this request: the ratio the target is on. */
  floorSameHeaders: LoadResult | null;
  /** The raw baseline's p99 at half its own peak, measured in the same sweep. */
  baselineHalfP99: number | null;
  /** Below the floor target: where the server's time went, from a profile of the same request. */
  cause?: string;
}

/** Statline's req/s against its same-header floor's that an uncached endpoint must reach. */
export const FLOOR_TARGET = 0.7;
/** p99 at half peak may exceed the raw baseline's (at half its own peak, same run) by this much. */
export const P99_MARGIN_MS = 2;
/** The floor the target is measured against: Statline's header set when it was captured. */
export const targetFloor = (e: EndpointRun) => e.floorSameHeaders ?? e.floor;
export interface EndpointRuns {
  sqlite: EndpointRun[];
  postgresql: EndpointRun[] | null;
}

/** Routes that are not a request-response read: measured elsewhere (bench/events-run.ts). */
const ELSEWHERE = new Set(["/v1/stream"]);

/**
 * One request per route pattern, as a client would make it, with ids from the bench database:
 * the edition with the most contests, its competition, a team and a footballer of it, one of its
 * finished contests (also for the odds analytics), the contest and the person with the longest odds
 * history, the largest board.
 */
export function samplePaths(file: string): Map<string, string> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const one = (sql: string) => Number(db.prepare(sql).pluck().get());
    const ed = one(`SELECT "editionId" FROM contests GROUP BY "editionId" ORDER BY count(*) DESC, 1 LIMIT 1`);
    const comp = one(`SELECT "competitionId" FROM editions WHERE id = ${ed}`);
    const team = one(`SELECT "teamId" FROM roster_entries WHERE "editionId" = ${ed} ORDER BY id LIMIT 1`);
    const person = one(`SELECT "personId" FROM roster_entries WHERE "editionId" = ${ed} ORDER BY id LIMIT 1`);
    const contest = one(`SELECT id FROM contests WHERE "editionId" = ${ed} AND status = 'finished' LIMIT 1`);
    const opponent = one(
      `SELECT "teamId" FROM roster_entries WHERE "editionId" = ${ed} AND "teamId" <> ${team} ORDER BY id LIMIT 1`,
    );
    const longest = (col: string) =>
      one(
        `SELECT "${col}" FROM odds_points WHERE "${col}" IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      );
    const stat = db
      .prepare(
        `SELECT stat FROM person_edition_stats WHERE "editionId" = ? GROUP BY stat ORDER BY count(*) DESC`,
      )
      .pluck()
      .get(ed) as string | undefined;
    return new Map([
      ["/v1/competitions", "/v1/competitions"],
      ["/v1/competitions/{id}", `/v1/competitions/${comp}`],
      ["/v1/editions", `/v1/editions?competition=${comp}`],
      ["/v1/editions/{id}", `/v1/editions/${ed}`],
      ["/v1/contests", `/v1/contests?team=${team}&edition=${ed}`],
      ["/v1/contests/{id}", `/v1/contests/${contest}`],
      ["/v1/contests/{id}/events", `/v1/contests/${contest}/events`],
      ["/v1/contests/{id}/lineups", `/v1/contests/${contest}/lineups`],
      ["/v1/contests/{id}/statistics", `/v1/contests/${contest}/statistics`],
      ["/v1/persons/{id}/stats", `/v1/persons/${person}/stats?edition=${ed}`],
      ["/v1/teams/{id}/stats", `/v1/teams/${team}/stats?edition=${ed}`],
      ["/v1/teams/{id}/head-to-head", `/v1/teams/${team}/head-to-head?opponent=${opponent}`],
      ["/v1/teams/{id}/record", `/v1/teams/${team}/record`],
      ["/v1/persons", "/v1/persons?limit=50"],
      ["/v1/persons/{id}", `/v1/persons/${person}`],
      ["/v1/teams", "/v1/teams"],
      ["/v1/teams/{id}", `/v1/teams/${team}`],
      ["/v1/rosters", `/v1/rosters?edition=${ed}&team=${team}`],
      ["/v1/standings", `/v1/standings?edition=${ed}`],
      ["/v1/contests/{id}/odds/history", `/v1/contests/${longest("contestId")}/odds/history?limit=100`],
      ["/v1/persons/{id}/odds/history", `/v1/persons/${longest("personId")}/odds/history?limit=100`],
      ["/v1/contests/{id}/odds/markets", `/v1/contests/${contest}/odds/markets`],
      ["/v1/contests/{id}/odds/clv", `/v1/contests/${contest}/odds/clv?market=h2h&selection=home&odds=2.1`],
      ["/v1/editions/{id}/odds/bookmakers", `/v1/editions/${ed}/odds/bookmakers`],
      [
        "/v1/analysis/stat-board",
        `/v1/analysis/stat-board?edition=${ed}&stat=${encodeURIComponent(stat ?? "goals")}`,
      ],
      ["/v1/changes", "/v1/changes?limit=100"],
      ["/v1/openapi.json", "/v1/openapi.json"],
    ]);
  } finally {
    db.close();
  }
}

/** Each route's sample request against an app with the response cache off, one after another. */
export async function endpointRuns(db: BenchDb, sqliteFile: string, key: string): Promise<EndpointRun[]> {
  const samples = samplePaths(sqliteFile);
  const profileOut = nodePath.join(os.tmpdir(), `statline-sweep-${process.pid}.cpuprofile`);
  const app = await startBenchApp({ url: db.url, cache: false, profileOut });
  const out: EndpointRun[] = [];
  try {
    const baselineHalfP99 = await baselineTail(app.baseUrl, samples.get("/v1/teams")!, key);
    const doc = await fetch(`${app.baseUrl}/v1/openapi.json`, { headers: { "x-api-key": key } });
    const paths = ((await doc.json()) as { paths: Record<string, unknown> }).paths;
    const patterns = Object.keys(paths).filter((p) => p.startsWith("/v1/"));
    for (const pattern of patterns) {
      const path = samples.get(pattern);
      if (ELSEWHERE.has(pattern)) continue;
      if (config.endpoints.length && !config.endpoints.includes(pattern)) continue;
      if (!path) {
        notes.push(`every-endpoint run: no sample request for ${pattern}`);
        continue;
      }
      const { status } = await probe(app.baseUrl, key, path);
      if (status !== 200) {
        notes.push(`every-endpoint run: ${path} answered ${status}, skipped`);
        continue;
      }
      const target = { name: pattern, baseUrl: app.baseUrl, pid: app.proc.pid, scenario: { path } };
      const [r] = await measure([target], key, 1, config.sweepDurationS);
      const floors = await floorsOf(db.url, pattern, path, key, app.baseUrl);
      const run: EndpointRun = { pattern, path, ...r, ...floors, baselineHalfP99 };
      const floor = targetFloor(run);
      if (floor && run.peak.rps / floor.rps < FLOOR_TARGET)
        run.cause = await profiledCause(app, profileOut, target, key, run.peak.cpuUsPerRequest);
      out.push(run);
    }
  } finally {
    await app.stop();
  }
  return out;
}

/** A profile of the endpoint under the same load, charged to pipeline stages (bench/attribute.ts). */
async function profiledCause(
  app: RunningApp,
  file: string,
  target: Target,
  key: string,
  cpuUsPerRequest: number | undefined,
): Promise<string> {
  fs.rmSync(file, { force: true });
  toggleProfiler(app);
  await peakLoad(target, key, 3);
  toggleProfiler(app);
  if (!(await profileWritten(file))) return "profile not written";
  const cause = describeAttribution(attributeProfile(file), cpuUsPerRequest);
  fs.rmSync(file, { force: true });
  log(`${target.name}: ${cause}`);
  return cause;
}

/**
 * The raw node:http baseline (a captured response's bytes and headers) at its peak and half of it,
 * on this sweep's machine: the tail any server pays here (VM stalls, the generator), which each
 * endpoint's p99 at half peak is compared with.
 */
async function baselineTail(appUrl: string, path: string, key: string): Promise<number | null> {
  const baseline = await startBaseline(appUrl, path, key);
  try {
    const target = {
      name: "baseline",
      baseUrl: baseline.baseUrl,
      pid: baseline.pid,
      scenario: { path: "/" },
    };
    const [r] = await measure([target], key, 1, config.sweepDurationS);
    return Number.isFinite(r.half.p99) ? r.half.p99 : null;
  } catch (err) {
    notes.push(`every-endpoint run: no baseline tail (${(err as Error).message})`);
    return null;
  } finally {
    await baseline.stop();
  }
}

/**
 * The floors' peaks for one request: with its own two headers, and with Statline's header set
 * for the request (captured from the app). Null when the route reads no SQL (the OpenAPI document).
 */
export async function floorsOf(
  url: string,
  pattern: string,
  path: string,
  key: string,
  appUrl?: string,
): Promise<{ floor: LoadResult | null; floorSameHeaders: LoadResult | null }> {
  const statements = await captureStatements(url, path);
  if (!statements.length) return { floor: null, floorSameHeaders: null };
  const headers = appUrl ? (await captureResponse(appUrl, path, key)).headers : undefined;
  const run = async (label: string, h?: Record<string, string>) => {
    const floor = await startFloor(url, statements, h);
    try {
      const target = { name: `floor ${pattern}`, baseUrl: floor.baseUrl, pid: floor.pid, scenario: { path } };
      return await peakOf(target, key, config.sweepDurationS, label);
    } finally {
      await floor.stop();
    }
  };
  const floor = await run("floor (2 headers)");
  return { floor, floorSameHeaders: headers ? await run("floor (same headers)", headers) : null };
}

const verdict = (pass: boolean | null) => (pass === null ? "-" : pass ? "PASS" : "FAIL");

/** p99 at half peak within P99_MARGIN_MS of the baseline's (null: not measured). */
export function tailWithinBaseline(e: EndpointRun): boolean | null {
  const halfP99 = Math.max(e.half.p99, e.halfPaced?.p99 ?? 0);
  if (!Number.isFinite(halfP99) || e.baselineHalfP99 === null) return null;
  return halfP99 <= e.baselineHalfP99 + P99_MARGIN_MS;
}

/** The row's three targets: ratio to its same-header floor, p99 beside the baseline's, PostgreSQL within 2x. */
function verdicts(e: EndpointRun, p: EndpointRun | undefined): string {
  const f = targetFloor(e);
  const floor = f?.rps ? e.peak.rps / f.rps >= FLOOR_TARGET : null;
  const pg = p ? e.peak.rps <= 2 * p.peak.rps : null;
  return [verdict(floor), verdict(tailWithinBaseline(e)), verdict(pg)].join(", ");
}

const ratio = (a: number | undefined, b: number | undefined) => (a && b ? `${(a / b).toFixed(2)}x` : "-");

const ms = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n.toFixed(2) : "-");

const overBaseline = (e: EndpointRun) =>
  e.baselineHalfP99 === null || !Number.isFinite(e.half.p99)
    ? "-"
    : `${e.half.p99 >= e.baselineHalfP99 ? "+" : ""}${(e.half.p99 - e.baselineHalfP99).toFixed(2)}`;

const gcCell = (e: EndpointRun) =>
  e.peak.gc ? `${e.peak.gc.pausesPerS.toFixed(1)} (${e.peak.gc.msPerS.toFixed(1)})` : "-";

/** The table for docs/benchmark.md: SQLite beside PostgreSQL, one row per route. */
export function endpointsSummary(r: EndpointRuns): string[] {
  const pg = new Map((r.postgresql ?? []).map((e) => [e.pattern, e]));
  const base = r.sqlite.find((e) => e.baselineHalfP99 !== null)?.baselineHalfP99;
  const basePg = r.postgresql?.find((e) => e.baselineHalfP99 !== null)?.baselineHalfP99;
  const lines = [
    `Every endpoint uncached (response cache off; ${config.connections} connections, ${config.sweepDurationS} s per run; server and floor pinned to one core, the load generator to the other; p99 at half of each endpoint's own peak, open loop). "vs floor" is Statline's req/s over its floor's that writes Statline's header set for the same request, "2-header floor" the same floor with only Content-Type and Content-Length; CPU "vs floor" is the same-header floor's CPU per request over Statline's (1.00x = as cheap as the floor). The raw baseline's p99 at half its own peak in the same sweep: ${ms(base ?? undefined)} ms (SQLite sweep)${basePg !== undefined ? `, ${ms(basePg ?? undefined)} ms (PostgreSQL sweep)` : ""}; GC is the server's pauses per second at peak (perf_hooks):`,
    "",
    "| Endpoint | Request | SQLite req/s | vs floor | vs 2-header floor | CPU µs/req | vs floor | p99 at half peak ms | vs baseline ms | GC pauses/s (ms/s) | PostgreSQL req/s | vs floor | CPU µs/req | p99 at half peak ms | Targets: floor, p99, PG |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const e of r.sqlite) {
    const p = pg.get(e.pattern);
    const f = targetFloor(e);
    lines.push(
      `| ${e.pattern} | \`${e.path}\` | ${Math.round(e.peak.rps)} | ${ratio(e.peak.rps, f?.rps)} | ${ratio(e.peak.rps, e.floor?.rps)} | ${e.peak.cpuUsPerRequest?.toFixed(0) ?? "-"} | ${ratio(f?.cpuUsPerRequest, e.peak.cpuUsPerRequest)} | ${ms(e.half.p99)} | ${overBaseline(e)} | ${gcCell(e)} | ` +
        (p
          ? `${Math.round(p.peak.rps)} | ${ratio(p.peak.rps, targetFloor(p)?.rps)} | ${p.peak.cpuUsPerRequest?.toFixed(0) ?? "-"} | ${ms(p.half.p99)} |`
          : "- | - | - | - |") +
        ` ${verdicts(e, p)} |`,
    );
  }
  const causes = [...r.sqlite, ...(r.postgresql ?? [])].filter((e) => e.cause);
  if (causes.length) {
    lines.push(
      "",
      `Below ${FLOOR_TARGET} of the floor: where the server's time went (a profile of the same request in the same run; each sample charged to the innermost pipeline stage on its stack, µs from the run's CPU per request):`,
      "",
    );
    for (const e of causes)
      lines.push(`- ${pg.get(e.pattern) === e ? "PostgreSQL" : "SQLite"} ${e.pattern}: ${e.cause}`);
  }
  return lines;
}

export function logEndpointRuns(label: string, runs: EndpointRun[]): void {
  for (const e of runs)
    log(
      `${label} ${e.path.padEnd(48)} ${Math.round(e.peak.rps)} req/s (${ratio(e.peak.rps, targetFloor(e)?.rps)} of the same-header floor, ${ratio(e.peak.rps, e.floor?.rps)} of the 2-header one), ${e.peak.cpuUsPerRequest?.toFixed(0) ?? "-"} µs/req, p99 at half peak ${ms(e.half.p99)} ms (baseline's ${ms(e.baselineHalfP99 ?? undefined)}), GC ${gcCell(e)} pauses/s (ms/s)`,
    );
}
