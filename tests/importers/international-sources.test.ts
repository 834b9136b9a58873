import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { importFile } from "../../lib/importers/index";
import { importInternational } from "../../lib/importers/international/index";
import { listConflicts } from "../../lib/sports/conflicts";
import { apiGet, internationalDir, writeSubset } from "../support/international";
import { sharedDataDir } from "../support/shared-data";

// The World Cup 2022 is in the international results and in openfootball's worldcup.json: in
// either order the two sources give one edition of 64 contests, the higher-ranked source's goal
// list, and the conflicts list names where they disagree (Messi's second goal in the final).

let dir: string;
let wc: string;
let worldcup: string;
const clients: Db[] = [];

async function freshDb(name: string): Promise<Db> {
  const url = `file:${path.join(dir, `${name}.db`)}`;
  await applyMigrations(url);
  const db = createClient(url);
  clients.push(db);
  return db;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-wc22-"));
  wc = path.join(dir, "wc2022");
  worldcup = path.join(sharedDataDir(), "openfootball", "2022", "worldcup.json");
  // The World Cup 2022 rows (and their goals and shoot-outs, joined by date and teams).
  const keys = new Set<string>();
  writeSubset(internationalDir(), wc, (line, file) => {
    if (file === "results.csv") {
      const ok = line.startsWith("2022-1") && line.includes(",FIFA World Cup,");
      if (ok) keys.add(line.split(",").slice(0, 3).join(","));
      return ok;
    }
    return keys.has(line.split(",").slice(0, 3).join(","));
  });
});

afterAll(async () => {
  for (const c of clients) await c.$disconnect();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function check(db: Db) {
  const comp = await db.competition.findMany({
    where: { name: "FIFA World Cup" },
    include: { editions: true },
  });
  expect(comp).toHaveLength(1);
  expect(comp[0].editions.map((e) => e.name)).toEqual(["2022"]);
  expect(await db.contest.count({ where: { editionId: comp[0].editions[0].id } })).toBe(64);
  expect(await db.contest.count()).toBe(64);
  // openfootball outranks the international set: its goal list is the one served.
  expect(await db.matchEvent.count({ where: { deletedAt: null, source: "openfootball" } })).toBe(172);
  expect(await db.matchEvent.count({ where: { deletedAt: null, source: "international" } })).toBe(0);
  const final = await db.contestSource.findUniqueOrThrow({
    where: { source_key: { source: "international", key: "2022-12-18/Argentina/France" } },
  });
  const c = await apiGet(db, `/v1/contests/${final.contestId}`);
  expect(c.score).toMatchObject({
    extra_time: { home: 3, away: 3 },
    penalties: { home: 4, away: 2 },
    winner: "home",
  });
  expect(c).toMatchObject({ venue_city: "Lusail", neutral: true });
  const conflicts = await listConflicts(db);
  const messi = conflicts.filter((x) => x.contestId === final.contestId && /minute/.test(x.field));
  expect(messi).toEqual([
    {
      contestId: final.contestId,
      date: "2022-12-18",
      match: "Argentina v France",
      competition: "FIFA World Cup 2022",
      field: "goal 3 of Argentina minute (Lionel Messi)",
      values: { openfootball: "108", international: "109" },
      kept: "openfootball",
    },
  ]);
  const sources = await apiGet(db, "/v1/sources");
  const byId = Object.fromEntries(sources.items.map((s: { id: string }) => [s.id, s]));
  expect(byId.international).toMatchObject({ contests: 64, licence: "Public domain (CC0)", precedence: 3 });
  expect(byId.openfootball).toMatchObject({ contests: 64, precedence: 1 });
}

describe("one contest per match across sources", () => {
  it("openfootball first, then the international results", async () => {
    const db = await freshDb("of-first");
    await importFile(db, worldcup, { createTeams: true });
    const s = await importInternational(db, wc);
    expect(s.contests).toEqual({ imported: 0, linked: 64, unchanged: 0, changed: 0 });
    await check(db);
  }, 120_000);

  it("the international results first, then openfootball", async () => {
    const db = await freshDb("intl-first");
    const s = await importInternational(db, wc);
    expect(s.contests.imported).toBe(64);
    await importFile(db, worldcup);
    await check(db);
    // Again in both: nothing changes.
    const changes = await db.change.count();
    await importFile(db, worldcup);
    await importInternational(db, wc);
    expect(await db.change.count()).toBe(changes);
  }, 120_000);
});
