// Every /v1 route uncached, driven by the route table (read from the app's own /v1/openapi.json,
// which lib/api/routes.ts generates): a route added later shows up as "no sample request" until
// it gets one here. Peak, p99 at half of it (autocannon
// and steady pace) and server CPU per request, on SQLite and on PostgreSQL (same generator, so
// the same ids).
import Database from "better-sqlite3";
import type { BenchDb } from "./datasets";
import type { LoadResult } from "./load";
import { captureStatements, startFloor } from "./floor";
import { config, log, measure, notes, peakOf } from "./measure";
import { probe } from "./scenarios";
import { startBenchApp } from "./servers";

export interface EndpointRun {
  pattern: string;
  path: string;
  peak: LoadResult;
  half: LoadResult;
  halfPaced: LoadResult | null;
  /** The same request's floor (bench/floor.ts): its statements, JSON.stringify, one write. */
  floor: LoadResult | null;
}
export interface EndpointRuns {
  sqlite: EndpointRun[];
  postgresql: EndpointRun[] | null;
}

/** Routes that are not a request-response read: measured elsewhere (bench/events-run.ts). */
const ELSEWHERE = new Set(["/v1/stream"]);

/**
 * One request per route pattern, as a client would make it, with ids from the bench database:
 * the edition with the most contests, its competition, a team and a footballer of it, one of its
 * finished contests, the contest and the person with the longest odds history, the largest board.
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
      ["/v1/persons", "/v1/persons?limit=50"],
      ["/v1/persons/{id}", `/v1/persons/${person}`],
      ["/v1/teams", "/v1/teams"],
      ["/v1/teams/{id}", `/v1/teams/${team}`],
      ["/v1/rosters", `/v1/rosters?edition=${ed}&team=${team}`],
      ["/v1/standings", `/v1/standings?edition=${ed}`],
      ["/v1/contests/{id}/odds/history", `/v1/contests/${longest("contestId")}/odds/history?limit=100`],
      ["/v1/persons/{id}/odds/history", `/v1/persons/${longest("personId")}/odds/history?limit=100`],
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
  const app = await startBenchApp({ url: db.url, cache: false });
  const out: EndpointRun[] = [];
  try {
    const doc = await fetch(`${app.baseUrl}/v1/openapi.json`, { headers: { "x-api-key": key } });
    const paths = ((await doc.json()) as { paths: Record<string, unknown> }).paths;
    const patterns = Object.keys(paths).filter((p) => p.startsWith("/v1/"));
    for (const pattern of patterns) {
      const path = samples.get(pattern);
      if (ELSEWHERE.has(pattern)) continue;
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
      out.push({ pattern, path, ...r, floor: await floorOf(db.url, pattern, path, key) });
    }
  } finally {
    await app.stop();
  }
  return out;
}

/** The floor's peak for one request; null when the route reads no SQL (the OpenAPI document). */
async function floorOf(url: string, pattern: string, path: string, key: string): Promise<LoadResult | null> {
  const statements = await captureStatements(url, path);
  if (!statements.length) return null;
  const floor = await startFloor(url, statements);
  try {
    const target = { name: `floor ${pattern}`, baseUrl: floor.baseUrl, pid: floor.pid, scenario: { path } };
    return await peakOf(target, key, config.sweepDurationS, "floor");
  } finally {
    await floor.stop();
  }
}

const ratio = (a: number | undefined, b: number | undefined) => (a && b ? `${(a / b).toFixed(2)}x` : "-");

const ms = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n.toFixed(2) : "-");

/** The table for docs/benchmark.md: SQLite beside PostgreSQL, one row per route. */
export function endpointsSummary(r: EndpointRuns): string[] {
  const pg = new Map((r.postgresql ?? []).map((e) => [e.pattern, e]));
  const lines = [
    `Every endpoint uncached (response cache off; ${config.connections} connections, ${config.sweepDurationS} s per run; server and floor pinned to one core, the load generator to the other; p99 at half of each endpoint's own peak, open loop). "vs floor" is Statline's req/s over its floor's, and the floor's CPU per request over Statline's (1.00x = as cheap as the floor):`,
    "",
    "| Endpoint | Request | SQLite req/s | vs floor | CPU µs/req | vs floor | p99 at half peak ms | PostgreSQL req/s | vs floor | CPU µs/req | p99 at half peak ms |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const e of r.sqlite) {
    const p = pg.get(e.pattern);
    lines.push(
      `| ${e.pattern} | \`${e.path}\` | ${Math.round(e.peak.rps)} | ${ratio(e.peak.rps, e.floor?.rps)} | ${e.peak.cpuUsPerRequest?.toFixed(0) ?? "-"} | ${ratio(e.floor?.cpuUsPerRequest, e.peak.cpuUsPerRequest)} | ${ms(e.half.p99)} | ` +
        (p
          ? `${Math.round(p.peak.rps)} | ${ratio(p.peak.rps, p.floor?.rps)} | ${p.peak.cpuUsPerRequest?.toFixed(0) ?? "-"} | ${ms(p.half.p99)} |`
          : "- | - | - | - |"),
    );
  }
  return lines;
}

export function logEndpointRuns(label: string, runs: EndpointRun[]): void {
  for (const e of runs)
    log(
      `${label} ${e.path.padEnd(48)} ${Math.round(e.peak.rps)} req/s (${ratio(e.peak.rps, e.floor?.rps)} of floor), ${e.peak.cpuUsPerRequest?.toFixed(0) ?? "-"} µs/req, p99 at half peak ${ms(e.half.p99)} ms`,
    );
}
