// BENCH_ONLY=international: the international results set (49,288 matches) imported whole into a
// fresh SQLite database (and PostgreSQL unless BENCH_POSTGRES=0), timed; then the endpoints that
// read it at that size, uncached, each beside its floor (bench/floor.ts: the same statements
// through the driver, JSON.stringify, one write). Targets: the import within 30 s on SQLite and
// 60 s on PostgreSQL; every endpoint at half its floor's throughput or better.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createClient } from "../lib/platform/db/client";
import { applyMigrations } from "../lib/platform/db/schema-engine";
import { importInternational } from "../lib/importers/international/index";
import { createPgDatabase } from "../tests/support/postgres";
import { internationalDir } from "../tests/support/international";
import { benchKey } from "./datasets";
import { floorOf } from "./endpoints-run";
import { config, log, measure, notes } from "./measure";
import { startBenchApp } from "./servers";

export const IMPORT_TARGET_S = { sqlite: 30, postgresql: 60 };
/** An endpoint's req/s against its floor's. */
export const INTL_FLOOR_TARGET = 0.5;

async function timedImport(url: string, label: string): Promise<number> {
  await applyMigrations(url);
  const db = createClient(url);
  try {
    const t0 = performance.now();
    const s = await importInternational(db, internationalDir());
    const seconds = (performance.now() - t0) / 1000;
    log(
      `international import on ${label}: ${seconds.toFixed(1)} s (target ${IMPORT_TARGET_S[label === "SQLite" ? "sqlite" : "postgresql"]} s; ` +
        `${s.contests.imported} contests, ${s.goals.created} goals, ${s.ratingsWritten} ratings; load average ${os.loadavg()[0].toFixed(2)})`,
    );
    return seconds;
  } finally {
    await db.$disconnect();
  }
}

function paths(file: string): Array<[string, string]> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const one = (sql: string, ...p: unknown[]) =>
      Number(
        db
          .prepare(sql)
          .pluck()
          .get(...p),
      );
    const team = (name: string) => one(`SELECT id FROM teams WHERE name = ?`, name);
    const [eng, sco] = [team("England"), team("Scotland")];
    const messi = one(`SELECT id FROM persons WHERE name = 'Lionel Messi'`);
    const wc = one(`SELECT id FROM competitions WHERE name = 'FIFA World Cup'`);
    const final = one(`SELECT "contestId" FROM contest_sources WHERE key = '2022-12-18/Argentina/France'`);
    return [
      ["head-to-head England v Scotland", `/v1/teams/${eng}/head-to-head?opponent=${sco}`],
      ["team season stats (England)", `/v1/teams/${eng}/stats`],
      ["team all-time record (England)", `/v1/teams/${eng}/record`],
      ["scorer stats (Messi)", `/v1/persons/${messi}/stats`],
      ["all-time scorers (World Cup)", `/v1/analysis/stat-board?competition=${wc}&stat=goals`],
      ["contests of a team (England)", `/v1/contests?team=${eng}`],
      ["ranking at a date", `/v1/ratings?date=2010-07-11&limit=100`],
      ["rating history (England)", `/v1/teams/${eng}/ratings`],
      ["contest ratings (2022 final)", `/v1/contests/${final}/ratings`],
    ];
  } finally {
    db.close();
  }
}

/** Server CPU per request: on a loaded machine it moves far less than req/s does. */
const cpu = (us: number | undefined) => (us === undefined ? "-" : Math.round(us).toString());

export async function internationalRuns(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-bench-intl-"));
  const file = path.join(dir, "intl.db");
  const url = `file:${file}`;
  const lines: string[] = [];
  try {
    const sqliteS = await timedImport(url, "SQLite");
    lines.push(
      `import SQLite: ${sqliteS.toFixed(1)} s (${sqliteS <= IMPORT_TARGET_S.sqlite ? "PASS" : "FAIL"})`,
    );
    if (config.postgres) {
      const pg = createPgDatabase();
      try {
        const pgS = await timedImport(pg.url, "PostgreSQL");
        lines.push(
          `import PostgreSQL: ${pgS.toFixed(1)} s (${pgS <= IMPORT_TARGET_S.postgresql ? "PASS" : "FAIL"})`,
        );
      } finally {
        pg.drop();
      }
    }
    const { key } = benchKey({ scale: 0, url, file, seedSeconds: 0 }, log);
    const app = await startBenchApp({ url, cache: false });
    try {
      for (const [name, p] of paths(file)) {
        const target = { name, baseUrl: app.baseUrl, pid: app.proc.pid, scenario: { path: p } };
        const [r] = await measure([target], key, 1, config.sweepDurationS);
        const floor = await floorOf(url, name, p, key);
        const ratio = floor?.rps ? r.peak.rps / floor.rps : null;
        const verdict = ratio === null ? "-" : ratio >= INTL_FLOOR_TARGET ? "PASS" : "FAIL";
        lines.push(
          `${name.padEnd(34)} ${Math.round(r.peak.rps)} req/s, floor ${floor ? Math.round(floor.rps) : "-"} req/s, ` +
            `ratio ${ratio?.toFixed(2) ?? "-"} (${verdict}), CPU ${cpu(r.peak.cpuUsPerRequest)} µs/req, floor ${cpu(floor?.cpuUsPerRequest)}, ` +
            `p99 at half peak ${r.half.p99.toFixed(2)} ms  ${p}`,
        );
      }
    } finally {
      await app.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  notes.push(`international run at load average ${os.loadavg()[0].toFixed(2)}`);
  return lines;
}
