import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { importFile } from "../../lib/importers/index";
import { canonicalName } from "../../lib/importers/team-names";
import { ROOT } from "../support/app";
import { createMigratedPgDatabase, type TempPgDatabase } from "../support/postgres";
import { sharedDataDir } from "../support/shared-data";
import { runScript, sportsDigest, standingsProblems, tableFromResults } from "../support/sports";
import { expectNoDrift } from "../support/verify";

let csvFile: string;
let lines: string[];
let dir: string;
const clients: Db[] = [];

async function freshDb(name: string): Promise<{ db: Db; url: string }> {
  const url = `file:${path.join(dir, `${name}.db`)}`;
  await applyMigrations(url);
  const db = createClient(url);
  clients.push(db);
  return { db, url };
}

/** What the file says, read here without the importer: the raw cells of every data row. */
function rawRows() {
  const header = lines[0].split(",");
  expect(lines.join("\n")).not.toContain('"'); // no quoted fields, so splitting on commas is exact
  return lines
    .slice(1)
    .filter(Boolean)
    .map((l) => Object.fromEntries(l.split(",").map((v, i) => [header[i], v])));
}

/** Odds cells per market and snapshot, counted straight from the header names. */
function expectedOddsCounts() {
  const patterns: Array<[RegExp, string]> = [
    [/^(B365|BW|BF|PS|WH|1XB|Max|Avg|BFE)(C?)[HDA]$/, "h2h"],
    [/^(B365|P|Max|Avg|BFE)(C?)[<>]2\.5$/, "totals"],
    [/^(B365|P|Max|Avg|BFE)(C?)AH[HA]$/, "spreads"],
  ];
  const counts: Record<string, number> = {};
  for (const row of rawRows()) {
    for (const [column, value] of Object.entries(row)) {
      for (const [re, market] of patterns) {
        const m = re.exec(column);
        if (m && value !== "")
          counts[`${market}:${m[2] === "C"}`] = (counts[`${market}:${m[2] === "C"}`] ?? 0) + 1;
      }
    }
  }
  return counts;
}

async function dbOddsCounts(db: Db) {
  const groups = await db.oddsPoint.groupBy({ by: ["market", "isClosing"], _count: { _all: true } });
  return Object.fromEntries(groups.map((g) => [`${g.market}:${g.isClosing}`, g._count._all]));
}

beforeAll(() => {
  csvFile = path.join(sharedDataDir(), "football-data", "E0-2024-25.csv");
  lines = fs.readFileSync(csvFile, "utf8").split(/\r?\n/);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-import-fd-"));
});

afterAll(async () => {
  // The stored derived facts of every database the file imported into equal their base facts.
  for (const c of clients) await expectNoDrift(c);
  await Promise.all(clients.map((c) => c.$disconnect()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("football-data.co.uk importer", () => {
  it("gives the table the rows imply, every odds cell as a point, and re-importing changes nothing", async () => {
    const { db } = await freshDb("csv");
    const summary = await importFile(db, csvFile);
    const rows = rawRows();
    expect(summary).toMatchObject({
      competition: "English Premier League (english-premier-league)",
      edition: "2024/25",
      errors: [],
    });
    expect(summary.contests.imported).toBe(rows.length);

    // Teams get the alias table's canonical names ("Man City" -> "Manchester City FC").
    const teams = new Map((await db.team.findMany()).map((t) => [t.name, t.id]));
    const id = (csvName: string) => teams.get(canonicalName(csvName, "England"));
    const expected = tableFromResults(
      rows.map((r) => ({
        home: id(r.HomeTeam)!,
        away: id(r.AwayTeam)!,
        hg: Number(r.FTHG),
        ag: Number(r.FTAG),
      })),
    );
    const edition = await db.edition.findFirstOrThrow({
      where: { competition: { slug: "english-premier-league" } },
    });
    const standings = await db.standing.findMany({ where: { editionId: edition.id } });
    expect(standings).toHaveLength(20);
    for (const s of standings) {
      const e = expected.get(s.teamId)!;
      expect([s.played, s.won, s.drawn, s.lost, s.goalsFor, s.goalsAgainst, s.points]).toEqual([
        e.played,
        e.won,
        e.drawn,
        e.lost,
        e.goalsFor,
        e.goalsAgainst,
        e.points,
      ]);
    }
    expect(await standingsProblems(db, edition.id)).toEqual([]);

    expect(await dbOddsCounts(db)).toEqual(expectedOddsCounts());
    expect(summary.odds.imported).toBe(Object.values(expectedOddsCounts()).reduce((a, b) => a + b, 0));
    // First row: Man United v Fulham, Friday 16 Aug 2024 20:00 BST, AHh -1, B365H 1.6, B365CH 1.67.
    const opener = await db.contest.findFirstOrThrow({
      where: { editionId: edition.id },
      orderBy: { kickoffAt: "asc" },
      include: { odds: { where: { bookmaker: "bet365" } } },
    });
    expect(opener.kickoffAt.toISOString()).toBe("2024-08-16T19:00:00.000Z");
    const pick = (market: string, selection: string, isClosing: boolean) =>
      opener.odds.find((o) => o.market === market && o.selection === selection && o.isClosing === isClosing)!;
    expect(pick("h2h", "home", false)).toMatchObject({
      price: 1.6,
      observedAt: new Date("2024-08-16T14:00:00Z"),
    });
    expect(pick("h2h", "home", true)).toMatchObject({
      price: 1.67,
      observedAt: new Date("2024-08-16T18:55:00Z"),
    });
    expect([pick("spreads", "home", false).line, pick("spreads", "away", false).line]).toEqual([-1, 1]);
    const instants = await db.oddsPoint.groupBy({
      by: ["contestId", "observedAt"],
      where: { contestId: opener.id },
    });
    expect(instants).toHaveLength(2); // one pre-match book and one closing book

    const before = await sportsDigest(db);
    const again = await importFile(db, csvFile);
    expect(again.contests).toEqual({ imported: 0, updated: 0, unchanged: rows.length });
    expect(again.odds).toMatchObject({ imported: 0, updated: 0 });
    expect(await sportsDigest(db)).toBe(before);

    // The openfootball file of the same season lands on the same contests and completes the table.
    const json = await importFile(
      db,
      path.join(path.dirname(path.dirname(csvFile)), "openfootball", "2024-25_en.1.json"),
    );
    expect(json.contests.imported).toBe(380 - rows.length);
    expect(json.teamsCreated).toBe(0);
    const full = await db.standing.findMany({
      where: { editionId: edition.id },
      orderBy: { position: "asc" },
      include: { team: true },
    });
    expect(full.slice(0, 3).map((s) => [s.team.name, s.points])).toEqual([
      ["Liverpool FC", 84],
      ["Arsenal FC", 74],
      ["Manchester City FC", 71],
    ]);
    expect(full[19]).toMatchObject({ points: 12, team: { name: "Southampton FC" } });
  }, 180_000);

  it("CLI: prints a summary, bumps the data version only when something changed", async () => {
    const { db, url } = await freshDb("cli");
    const out = runScript("scripts/import.ts", [csvFile], url);
    expect(out).toMatch(/contests: 360 imported, 0 updated, 0 unchanged/);
    expect(out).toMatch(/skipped: 0; errors: 0/);
    const version = (await db.systemState.findUniqueOrThrow({ where: { key: "data_version" } })).value;
    const again = runScript(
      "scripts/import.ts",
      [csvFile, "--competition", "english-premier-league", "--edition", "2024/25"],
      url,
    );
    expect(again).toMatch(/contests: 0 imported, 0 updated, 360 unchanged/);
    expect((await db.systemState.findUniqueOrThrow({ where: { key: "data_version" } })).value).toBe(version);
    const other = runScript(
      "scripts/import.ts",
      [csvFile, "--competition", "EPL archive", "--edition", "2024-25 (csv)"],
      url,
    );
    expect(other).toContain("into EPL archive (epl-archive), edition 2024-25 (csv)");
    expect((await db.systemState.findUniqueOrThrow({ where: { key: "data_version" } })).value).not.toBe(
      version,
    );
  }, 180_000);

  it("stops a file at its first malformed row (line and column) and writes nothing; --skip-malformed imports the rest", async () => {
    const broken = [...lines];
    broken[4] = broken[4].replace(/^((?:[^,]*,){5})[^,]*/, "$1x"); // FTHG of line 5
    broken[8] = broken[8].split(",").slice(0, 30).join(","); // line 9 loses fields
    const file = path.join(dir, "E0-broken.csv");
    fs.writeFileSync(file, broken.join("\r\n"));

    const strict = await freshDb("strict");
    await expect(importFile(strict.db, file)).rejects.toThrow(
      /^E0-broken\.csv: line 5, column 6 \(FTHG\): invalid full-time score "x".*; nothing imported \(2 malformed row\(s\)/,
    );
    expect(await strict.db.contest.count()).toBe(0);
    const refused = runCli(["scripts/import.ts", file], strict.url);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/line 5, column 6 \(FTHG\)/);
    expect(await strict.db.contest.count()).toBe(0);

    const { db, url } = await freshDb("broken");
    const out = runCli(["scripts/import.ts", file, "--skip-malformed"], url);
    expect(out.status).toBe(0);
    expect(out.stderr).toMatch(/error at line 5, column 6 \(FTHG\): invalid full-time score "x"/);
    expect(out.stderr).toMatch(/error at line 9: has 30 fields, the header has 120/);
    expect(out.stdout).toMatch(/contests: 358 imported/);
    expect(out.stdout).toMatch(/skipped: 2; errors: 2/);
    expect(await db.contest.count()).toBe(358);
  }, 180_000);

  it("an import killed inside its transaction leaves nothing half-written", async () => {
    const { db, url } = await freshDb("killed");
    const journal = `${url.slice("file:".length)}-journal`;
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/import.ts", csvFile], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: "ignore",
    });
    const exited = new Promise((r) => child.once("exit", r));
    // SQLite's rollback journal exists exactly while a write transaction is open: kill then.
    const deadline = Date.now() + 60_000;
    while (!fs.existsSync(journal) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(fs.existsSync(journal)).toBe(true);
    child.kill("SIGKILL");
    await exited;
    expect([
      await db.contest.count(),
      await db.oddsPoint.count(),
      await db.team.count(),
      await db.competition.count(),
    ]).toEqual([0, 0, 0, 0]);
    expect((await importFile(db, csvFile)).contests.imported).toBe(360);
  }, 180_000);
});

/** Runs a script and keeps its exit status, stdout and stderr apart. */
function runCli(args: string[], url: string) {
  return spawnSync(process.execPath, ["--import", "tsx", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  });
}

describe("football-data.co.uk importer on PostgreSQL", () => {
  let pg: TempPgDatabase;
  beforeAll(async () => {
    pg = await createMigratedPgDatabase();
  });
  afterAll(async () => {
    for (const c of clients) await expectNoDrift(c);
    await Promise.all(clients.splice(0).map((c) => c.$disconnect()));
    pg?.drop();
  });

  it("writes the same results and odds (times, lines, closing flags)", async () => {
    const db = createClient(pg.url);
    clients.push(db);
    const summary = await importFile(db, csvFile);
    expect(summary.contests.imported).toBe(360);
    expect(await dbOddsCounts(db)).toEqual(expectedOddsCounts());
    const closing = await db.oddsPoint.findFirstOrThrow({
      where: { isClosing: true, bookmaker: "bet365", market: "h2h", selection: "home" },
      orderBy: { observedAt: "asc" },
    });
    expect(closing).toMatchObject({ price: 1.67, observedAt: new Date("2024-08-16T18:55:00Z") });
    expect((await importFile(db, csvFile)).odds.imported).toBe(0);
  }, 180_000);
});
