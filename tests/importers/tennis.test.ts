import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { importFile, MAX_FILE_BYTES, parseFile } from "../../lib/importers/index";
import { detectDateFormat } from "../../lib/importers/tennis-data";
import { call, expectOk } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { admin, createUnlimitedKey } from "../support/cli";
import { sharedDataDir } from "../support/shared-data";
import { runScript, sportsDigest } from "../support/sports";
import { expectNoDrift } from "../support/verify";

let dir: string;
let atp: string;
let lines: string[];
let url: string;
let db: Db;
let app: RunningApp | undefined;

/** The file's rows read here without the importer (no quoted fields in this file). */
function rawRows() {
  const header = lines[0].split(",");
  return lines
    .slice(1)
    .filter(Boolean)
    .map((l) => Object.fromEntries(l.split(",").map((v, i) => [header[i], v])));
}

beforeAll(async () => {
  atp = path.join(sharedDataDir(), "tennis-data", "atp-2024.csv");
  lines = fs.readFileSync(atp, "utf8").split(/\r?\n/);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-tennis-"));
  url = `file:${path.join(dir, "atp.db")}`;
  await applyMigrations(url);
  db = createClient(url);
});
afterAll(async () => {
  await app?.stop();
  if (db) await expectNoDrift(db);
  await db?.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("tennis-data.co.uk importer", () => {
  it("detects the date format per file", () => {
    const t = (date: string) => ({ tournament: "x", date });
    expect(detectDateFormat([t("12/31/2023"), t("1/1/2024")]).format).toBe("m/d/yyyy");
    expect(detectDateFormat([t("31/12/2023"), t("01/01/2024")]).format).toBe("dd/mm/yyyy");
    // Both readings are valid dates; only one keeps a tournament within days.
    expect(detectDateFormat([t("01/02/2024"), t("01/09/2024")]).format).toBe("m/d/yyyy"); // 2-9 Jan
    expect(detectDateFormat([t("01/02/2024"), t("09/02/2024")]).format).toBe("dd/mm/yyyy"); // 1-9 Feb
    // A malformed date stays a row error instead of deciding the file's format.
    expect(detectDateFormat([t("12/31/2023"), t("1/1/2024"), t("13/45/2024")]).format).toBe("m/d/yyyy");
    expect(() => detectDateFormat([t("2024.01.02")])).toThrow(/neither dd\/mm\/yyyy nor m\/d\/yyyy/);
  });

  it("imports every ATP 2024 match; re-importing changes nothing", async () => {
    const rows = rawRows();
    expect(rows).toHaveLength(1813);
    const out = runScript("scripts/import.ts", [atp], url);
    expect(out).toContain("contests: 1813 imported");
    expect(out).toContain("note: dates read as m/d/yyyy");
    expect(await db.contest.count()).toBe(1813);
    const tournaments = new Set(rows.map((r) => r.Tournament));
    expect(await db.competition.count({ where: { sport: "tennis" } })).toBe(tournaments.size);
    const priced = rows.reduce(
      (n, r) => n + ["B365", "PS", "Max", "Avg"].filter((b) => r[`${b}W`] && r[`${b}L`]).length * 2,
      0,
    );
    expect(await db.oddsPoint.count()).toBe(priced);
    // Retirements and walkovers keep their note; rankings at the time are on the participants.
    const retired = rows.filter((r) => r.Comment === "Retired").length;
    expect(retired).toBeGreaterThan(0);
    expect(await db.contestParticipant.count({ where: { scoreDetail: { endsWith: "ret." } } })).toBe(
      retired * 2,
    );
    const walkovers = rows.filter((r) => r.Comment === "Walkover").length;
    expect(await db.contestParticipant.count({ where: { scoreDetail: "w/o" } })).toBe(walkovers * 2);
    const final = rows.find((r) => r.Tournament === "Australian Open" && r.Round === "The Final")!;
    const winner = await db.person.findFirstOrThrow({ where: { name: final.Winner } });
    const part = await db.contestParticipant.findFirstOrThrow({
      where: {
        personId: winner.id,
        contest: { round: "The Final", edition: { competition: { name: "ATP Australian Open" } } },
      },
      include: { contest: true },
    });
    expect(part).toMatchObject({ outcome: "win", ranking: Number(final.WRank), score: Number(final.Wsets) });
    expect(part.contest.kickoffAt.toISOString().slice(0, 10)).toBe("2024-01-28");
    const digest = await sportsDigest(db);
    const again = await importFile(db, atp);
    expect([
      again.contests.imported,
      again.contests.updated,
      again.odds.imported,
      again.odds.updated,
    ]).toEqual([0, 0, 0, 0]);
    expect(await sportsDigest(db)).toBe(digest);
  }, 180_000);

  it("serves a player's real prices through /v1/persons/{id}/odds/history", async () => {
    const key = createUnlimitedKey(url, "tennis@example.com");
    app = await startApp({ databaseUrl: url });
    const name = "Sinner J.";
    const person = await db.person.findFirstOrThrow({ where: { name } });
    const expected = rawRows()
      .filter((r) => r.Winner === name || r.Loser === name)
      .flatMap((r) =>
        ["B365", "PS"]
          .filter((b) => r[`${b}W`])
          .map((b) => Number(r[`${b}${r.Winner === name ? "W" : "L"}`])),
      )
      .sort((a, b) => a - b);
    const got: number[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/v1/persons/${person.id}/odds/history?limit=1000${cursor ? `&cursor=${cursor}` : ""}`;
      const r = await call(app.baseUrl, path, { key });
      expectOk(r, path);
      for (const p of r.body.data.items)
        if (["bet365", "pinnacle"].includes(p.bookmaker)) {
          expect(p.person_id).toBe(String(person.id));
          got.push(p.price);
        }
      cursor = r.body.data.next_cursor;
    } while (cursor);
    expect(expected.length).toBeGreaterThan(50);
    expect(got.sort((a, b) => a - b)).toEqual(expected);
  }, 180_000);

  it("reports a malformed row with its line and refuses files it does not know, naming the formats", async () => {
    const bad = path.join(dir, "atp-broken.csv");
    fs.writeFileSync(
      bad,
      [
        lines[0],
        lines[1],
        lines[2]
          .replace(",Completed,", ",Completed,")
          .replace(
            /^1,Brisbane,Brisbane International,[^,]+/,
            "1,Brisbane,Brisbane International,13/45/2024",
          ),
        lines[3],
      ].join("\n"),
    );
    const parsed = parseFile(bad);
    expect(parsed.errors).toEqual([
      { where: "line 3, column 4 (Date)", message: expect.stringContaining('invalid Date "13/45/2024"') },
    ]);
    const odd = path.join(dir, "odd.csv");
    fs.writeFileSync(odd, "foo,bar\n1,2\n");
    expect(() => parseFile(odd)).toThrow(/supported formats:[\s\S]*tennis-data\.co\.uk[\s\S]*openfootball/);
    expect(() => parseFile(path.join(dir, "season.xlsx"))).toThrow(/file not found/);
    fs.writeFileSync(path.join(dir, "season.xlsx"), "PK");
    expect(() => parseFile(path.join(dir, "season.xlsx"))).toThrow(/save the sheet as \.csv/);
    // Hostile sizes are refused before reading: a sparse file past the limit.
    const huge = path.join(dir, "huge.csv");
    fs.writeFileSync(huge, "");
    fs.truncateSync(huge, MAX_FILE_BYTES + 1);
    expect(() => parseFile(huge)).toThrow(/the limit is/);
    expect(admin(url, "team", "alias", "list")).toBe("");
  });
});
