import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { importFile } from "../../lib/importers/index";
import { ROOT } from "../support/app";
import { admin } from "../support/cli";
import { sharedDataDir } from "../support/shared-data";
import { runScript, sportsDigest, standingsProblems } from "../support/sports";
import { expectNoDrift } from "../support/verify";

/** Serie A 2023/24 as Lega Serie A published it (head-to-head first). */
const SERIE_A_2023_24 = [
  "FC Internazionale Milano",
  "AC Milan",
  "Juventus FC",
  "Atalanta BC",
  "Bologna FC 1909",
  "AS Roma",
  "SS Lazio",
  "ACF Fiorentina",
  "Torino FC",
  "SSC Napoli",
  "Genoa CFC",
  "AC Monza",
  "Hellas Verona FC",
  "US Lecce",
  "Udinese Calcio",
  "Cagliari Calcio",
  "Empoli FC",
  "Frosinone Calcio",
  "US Sassuolo Calcio",
  "US Salernitana 1919",
];

/** The official Premier League 2023/24 table: [team, points, goal difference]. */
const EPL_2023_24: Array<[string, number, number]> = [
  ["Manchester City FC", 91, 62],
  ["Arsenal FC", 89, 62],
  ["Liverpool FC", 82, 45],
  ["Aston Villa FC", 68, 15],
  ["Tottenham Hotspur FC", 66, 13],
  ["Chelsea FC", 63, 14],
  ["Newcastle United FC", 60, 23],
  ["Manchester United FC", 60, -1],
  ["West Ham United FC", 52, -14],
  ["Crystal Palace FC", 49, -1],
  ["Brighton & Hove Albion FC", 48, -7],
  ["AFC Bournemouth", 48, -13],
  ["Fulham FC", 47, -6],
  ["Wolverhampton Wanderers FC", 46, -15],
  ["Everton FC", 40, -11],
  ["Brentford FC", 39, -9],
  ["Nottingham Forest FC", 32, -18],
  ["Luton Town FC", 26, -33],
  ["Burnley FC", 24, -37],
  ["Sheffield United FC", 16, -69],
];

let data: string;
let dir: string;
const clients: Db[] = [];

async function freshDb(name: string) {
  const url = `file:${path.join(dir, `${name}.db`)}`;
  await applyMigrations(url);
  const db = createClient(url);
  clients.push(db);
  return { db, url };
}

async function table(db: Db, code: string, edition: string) {
  const ed = await db.edition.findFirstOrThrow({ where: { name: edition, competition: { code } } });
  const rows = await db.standing.findMany({
    where: { editionId: ed.id },
    orderBy: { position: "asc" },
    include: { team: true },
  });
  return { edition: ed, rows };
}

beforeAll(() => {
  data = sharedDataDir();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-real-"));
});
afterAll(async () => {
  // The stored derived facts of every database the file imported into equal their base facts.
  for (const c of clients) await expectNoDrift(c);
  await Promise.all(clients.map((c) => c.$disconnect()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("league rules on real seasons", () => {
  it("Serie A 2023/24 equals the official final table: head-to-head before goal difference", async () => {
    const { db } = await freshDb("it");
    await importFile(db, path.join(data, "openfootball", "2023-24", "it.1.json"));
    const { edition, rows } = await table(db, "it.1", "2023/24");
    expect(rows.map((r) => r.team.name)).toEqual(SERIE_A_2023_24);
    // Torino 9th above Napoli on 53 each, although Napoli's goal difference is better.
    const [torino, napoli] = [rows[8], rows[9]];
    expect([torino.points, napoli.points]).toEqual([53, 53]);
    expect(napoli.goalDifference).toBeGreaterThan(torino.goalDifference);
    expect(await standingsProblems(db, edition.id, "points")).toEqual([]);
  });

  it("Premier League 2023/24 with the two recorded deductions equals the official table (CLI, audit, data_version)", async () => {
    const { db, url } = await freshDb("en23");
    runScript("scripts/import.ts", [path.join(data, "openfootball", "2023-24", "en.1.json")], url);
    const before = await table(db, "en.1", "2023/24");
    expect(before.rows.find((r) => r.team.name === "Everton FC")!.points).toBe(48);
    const version0 = (await db.systemState.findUnique({ where: { key: "data_version" } }))?.value;
    const out = admin(
      url,
      "standings",
      "adjust",
      "--competition",
      "english-premier-league",
      "--edition",
      "2023/24",
      "--team",
      "Everton",
      "--points",
      "-8",
      "--reason",
      "Profitability and Sustainability Rules breaches (-10 reduced to -6 on appeal, then -2)",
      "--by",
      "ops@example.com",
    );
    expect(out).toContain("Everton FC in English Premier League 2023/24: adjustment created; total -8");
    // The second one from a documented adjustments file.
    const file = path.join(dir, "adjustments.csv");
    fs.writeFileSync(
      file,
      'competition,edition,team,points,reason\nen.1,2023/24,Nottm Forest,-4,"Profitability and Sustainability Rules breach"\n',
    );
    runScript("scripts/import.ts", [file], url);
    const { rows } = await table(db, "en.1", "2023/24");
    expect(rows.map((r) => [r.team.name, r.points, r.goalDifference])).toEqual(EPL_2023_24);
    expect(rows.find((r) => r.team.name === "Everton FC")).toMatchObject({
      adjustment: -8,
      adjustmentNote: expect.stringContaining("-8: Profitability"),
    });
    const audit = await db.auditEvent.findFirstOrThrow({
      where: { action: "standings.adjusted" },
      include: { actor: true },
    });
    expect(audit.actor?.email).toBe("ops@example.com");
    expect(audit.detail).toContain("Everton FC -8");
    expect((await db.systemState.findUnique({ where: { key: "data_version" } }))?.value).not.toBe(version0);
    // Re-running the same adjustment changes nothing; an unknown team is refused with suggestions.
    const again = admin(
      url,
      "standings",
      "adjust",
      "--competition",
      "en.1",
      "--edition",
      "2023/24",
      "--team",
      "Everton FC",
      "--points",
      "-8",
      "--reason",
      "Profitability and Sustainability Rules breaches (-10 reduced to -6 on appeal, then -2)",
      "--by",
      "ops@example.com",
    );
    expect(again).toContain("adjustment unchanged");
    const bad = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/admin.ts",
        "standings",
        "adjust",
        "--competition",
        "en.1",
        "--edition",
        "2023/24",
        "--team",
        "Evertn",
        "--points",
        "-1",
        "--reason",
        "x",
        "--by",
        "ops@example.com",
      ],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" },
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('did you mean "Everton FC"');
  }, 180_000);
});

describe("one identity per club across sources", () => {
  for (const order of [
    ["csv", "json"],
    ["json", "csv"],
  ] as const) {
    it(`Bundesliga 2024/25 from both sources (${order.join(" then ")}): 18 teams, 306 contests, results and odds on the same contests`, async () => {
      const { db } = await freshDb(`de-${order[0]}`);
      const files = {
        csv: path.join(data, "football-data", "D1-2024-25.csv"),
        json: path.join(data, "openfootball", "2024-25", "de.1.json"),
      };
      for (const f of order) await importFile(db, files[f]);
      expect(await db.competition.count()).toBe(1);
      const { edition, rows } = await table(db, "de.1", "2024/25");
      expect(await db.team.count()).toBe(18);
      expect(rows).toHaveLength(18);
      expect(await db.contest.count({ where: { editionId: edition.id } })).toBe(306);
      // Every CSV row carried odds; they sit on contests that also have the openfootball result.
      const withOdds = await db.contest.count({ where: { editionId: edition.id, odds: { some: {} } } });
      expect(withOdds).toBe(297);
      const bayern = await db.team.findFirstOrThrow({ where: { name: "FC Bayern München" } });
      const opener = await db.contest.findFirstOrThrow({
        where: { editionId: edition.id, participants: { some: { teamId: bayern.id } } },
        orderBy: { kickoffAt: "asc" },
        include: { participants: true, _count: { select: { odds: true } } },
      });
      expect(opener.round).toBe("Matchday 1"); // openfootball's round, never the CSV's estimate
      expect(opener._count.odds).toBeGreaterThan(50);
      expect(rows.slice(0, 3).map((r) => [r.team.name, r.points])).toEqual([
        ["FC Bayern München", 82],
        ["Bayer 04 Leverkusen", 69],
        ["Eintracht Frankfurt", 60],
      ]);
      const digest = await sportsDigest(db);
      for (const f of ["csv", "json"] as const) {
        const s = await importFile(db, files[f]);
        expect([
          s.contests.imported,
          s.contests.updated,
          s.odds.imported,
          s.odds.updated,
          s.teamsCreated,
        ]).toEqual([0, 0, 0, 0, 0]);
      }
      expect(await sportsDigest(db)).toBe(digest);
    }, 180_000);
  }

  it("refuses names that match none of an edition's teams, with suggestions, until an alias resolves them", async () => {
    const { db, url } = await freshDb("alias");
    await importFile(db, path.join(data, "openfootball", "2024-25", "de.1.json"));
    const csv = fs
      .readFileSync(path.join(data, "football-data", "D1-2024-25.csv"), "utf8")
      .replaceAll("Bayern Munich", "Bayern Muenchen");
    const file = path.join(dir, "D1-renamed.csv");
    fs.writeFileSync(file, csv);
    const before = await sportsDigest(db);
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/import.ts", file], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('"Bayern Muenchen" - did you mean "FC Bayern München"');
    expect(r.stderr).toContain("team alias add");
    expect(await sportsDigest(db)).toBe(before); // nothing half-imported
    expect(
      admin(
        url,
        "team",
        "alias",
        "add",
        "--team",
        "FC Bayern München",
        "--alias",
        "Bayern Muenchen",
        "--by",
        "ops@example.com",
      ),
    ).toContain("created");
    const s = await importFile(db, file);
    expect([s.teamsCreated, s.contests.imported]).toEqual([0, 0]);
    expect(await db.team.count()).toBe(18);
  }, 120_000);
});

describe("whole-folder import", () => {
  it("imports every file of ../shared/data/openfootball with its league's time zone and prints a table", async () => {
    const { db, url } = await freshDb("folder");
    const out = runScript("scripts/import.ts", [path.join(data, "openfootball")], url);
    // The World Cup 2022 (groups and the tournament layout with goal lists) is the seventh file.
    expect(out).toMatch(/7 of 7 files imported/);
    expect(out).toMatch(/2022\/worldcup\.json\s+ok\s+FIFA World Cup/);
    expect(out).toMatch(/2023-24\/it\.1\.json\s+ok\s+Serie A/);
    const first = async (code: string, edition: string) =>
      (
        await db.contest.findFirstOrThrow({
          where: { edition: { name: edition, competition: { code } } },
          orderBy: { kickoffAt: "asc" },
        })
      ).kickoffAt.toISOString();
    expect(await first("en.1", "2023/24")).toBe("2023-08-11T19:00:00.000Z"); // 20:00 London (BST)
    expect(await first("it.1", "2023/24")).toBe("2023-08-19T16:30:00.000Z"); // 18:30 Rome (CEST)
    expect(await first("de.1", "2024/25")).toBe("2024-08-23T18:30:00.000Z"); // 20:30 Berlin (CEST)
    expect(await first("br.1", "2025")).toBe("2025-03-29T21:30:00.000Z"); // 18:30 São Paulo (UTC-3)
    // Clubs met in the Champions League are the league's teams, not copies.
    expect(
      await db.team.count({
        where: { name: { in: ["FC Bayern München", "Arsenal FC", "FC Internazionale Milano"] } },
      }),
    ).toBe(3);
  }, 300_000);

  it("reports a failed file and imports the others", async () => {
    const { url } = await freshDb("folder-bad");
    const src = path.join(dir, "mixed");
    fs.mkdirSync(path.join(src, "2024-25"), { recursive: true });
    fs.copyFileSync(
      path.join(data, "openfootball", "2024-25", "de.1.json"),
      path.join(src, "2024-25", "de.1.json"),
    );
    fs.writeFileSync(path.join(src, "2024-25", "broken.json"), "{ not json");
    fs.writeFileSync(path.join(src, "notes.csv"), "a,b,c\n1,2,3\n");
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/import.ts", src], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/2024-25\/broken\.json\s+FAILED/);
    expect(r.stdout).toMatch(/2024-25\/de\.1\.json\s+ok\s+Bundesliga/);
    expect(r.stdout).toContain("1 of 3 files imported, 2 failed");
    expect(r.stderr).toContain("supported formats");
  }, 120_000);
});
