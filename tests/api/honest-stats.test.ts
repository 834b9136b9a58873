import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { importFile } from "../../lib/importers/index";
import { call, expectError, expectOk } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createUnlimitedKey } from "../support/cli";
import { sharedDataDir } from "../support/shared-data";

/** Imported real data only (no demo set): the World Cup 2022 and the E0 2024/25 CSV. */
let db: Db;
let app: RunningApp;
let key: string;
const ok = async (p: string) => expectOk(await call(app.baseUrl, p, { key }), p);

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-honest-"));
  const url = `file:${path.join(dir, "statline.db")}`;
  await applyMigrations(url);
  db = createClient(url);
  const data = sharedDataDir();
  await importFile(db, path.join(data, "openfootball", "2022", "worldcup.json"));
  await importFile(db, path.join(data, "football-data", "E0-2024-25.csv"));
  key = createUnlimitedKey(url, "honest@example.com");
  app = await startApp({ databaseUrl: url });
}, 240_000);
afterAll(async () => {
  await app?.stop();
  await db?.$disconnect();
});

interface Item {
  rank: number;
  person_name: string;
  team_name: string | null;
  value: number;
  contests: number;
  appearances: number | null;
}

describe("World Cup 2022 top scorers from a goal list", () => {
  it("shows goals with appearances null (no lineups), team names, and the 3-goal tie the limit cuts", async () => {
    const board = await ok("/v1/analysis/stat-board?competition=world-cup&stat=goals&limit=5");
    const items = board.items as Item[];
    expect(items.slice(0, 4).map((i) => [i.rank, i.person_name, i.team_name, i.value])).toEqual([
      [1, "Kylian Mbappé", "France", 8],
      [2, "Lionel Messi", "Argentina", 7],
      [3, "Julián Álvarez", "Argentina", 4],
      [3, "Olivier Giroud", "France", 4],
    ]);
    expect(items.every((i) => i.appearances === null)).toBe(true);
    expect(items[4]).toMatchObject({ rank: 5, value: 3 });
    // Seven players share 3 goals (Gakpo, Morata, Ramos, Rashford, Richarlison, Saka, Valencia).
    expect(board.tie_at_limit).toEqual({ value: 3, rank: 5, persons: 7, shown: 1 });
    expect(board.next_cursor).toBe("r5");
    const rest = await ok(
      `/v1/analysis/stat-board?competition=world-cup&stat=goals&limit=6&cursor=${board.next_cursor}`,
    );
    const tied = [items[4], ...(rest.items as Item[])].filter((i) => i.value === 3);
    expect(tied).toHaveLength(7);
    expect(tied.every((i) => i.rank === 5)).toBe(true);
    expect(rest.tie_at_limit).toBeNull();
    expectError(
      await call(app.baseUrl, "/v1/analysis/stat-board?competition=world-cup&offset=5", { key }),
      400,
      "INVALID_PARAMETER",
    );
  });

  it("own goals are a statistic of their own on the board", async () => {
    const board = await ok("/v1/analysis/stat-board?competition=world-cup&stat=own_goals");
    expect(board.stat).toBe("own_goals");
    expect(board.items.length).toBeGreaterThan(0);
  });

  it("a scorer's season: goals counted, appearances and minutes null (the source has neither), never 0", async () => {
    const [mbappe] = (await ok("/v1/persons?q=kylian%20mbappe")).items;
    const season = await ok(`/v1/persons/${mbappe.id}/stats`);
    expect(season).toMatchObject({
      goals: 8,
      appearances: null,
      minutes: null,
      assists: null,
      lineups: false,
    });
    expect(season.stats_recorded).toContain("goals");
  });
});

describe("an incomplete season", () => {
  it("the E0 file's edition says 20 of its 380 contests are missing", async () => {
    const [edition] = (await ok("/v1/editions?competition=en.1")).items;
    expect(edition.name).toBe("2024/25");
    expect(edition.contests).toEqual({ present: 360, expected: 380, missing: 20 });
  });

  it("a tournament's edition does not guess its size", async () => {
    const [edition] = (await ok("/v1/editions?competition=world-cup")).items;
    expect(edition.contests).toEqual({ present: 64, expected: null, missing: null });
  });
});

describe("the World Cup final as a contest", () => {
  it("keeps the stadium, says the clock is finished, and writes kick-off in a requested zone", async () => {
    const [final] = (await ok("/v1/contests?competition=world-cup&date=2022-12-18")).items;
    expect(final).toMatchObject({
      venue: "Lusail Iconic Stadium, Lusail",
      kickoff_at: "2022-12-18T15:00:00.000Z",
      period: "finished",
    });
    const [local] = (await ok("/v1/contests?competition=world-cup&date=2022-12-18&timezone=Asia/Qatar"))
      .items;
    expect(local.kickoff_at).toBe("2022-12-18T18:00:00+03:00");
    expectError(
      await call(app.baseUrl, "/v1/contests?competition=world-cup&timezone=Mars/Olympus", { key }),
      400,
      "INVALID_PARAMETER",
      /timezone/,
    );
    const events = (await ok(`/v1/contests/${final.id}/events`)).items as Array<{ team_name: string }>;
    expect(new Set(events.map((e) => e.team_name))).toEqual(new Set(["Argentina", "France"]));
  });
});
