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

/** Names where ids are asked for, kick-offs in a requested zone and team names, on real data only. */
let db: Db;
let app: RunningApp;
let key: string;
const get = (p: string) => call(app.baseUrl, p, { key });
const ok = async (p: string) => expectOk(await get(p), p);

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-names-"));
  const url = `file:${path.join(dir, "statline.db")}`;
  await applyMigrations(url);
  db = createClient(url);
  const data = sharedDataDir();
  await importFile(db, path.join(data, "openfootball", "2022", "worldcup.json"));
  await importFile(db, path.join(data, "football-data", "E0-2024-25.csv"));
  key = createUnlimitedKey(url, "names@example.com");
  app = await startApp({ databaseUrl: url });
}, 240_000);
afterAll(async () => {
  await app?.stop();
  await db?.$disconnect();
});

interface Contest {
  id: string;
  kickoff_at: string;
  participants: Array<{ name: string }>;
}

describe("an edition by its competition and season", () => {
  it("world-cup-2022 and english-premier-league-2024-25 (or en.1-2024) name the editions they list as slug", async () => {
    const wc = await ok("/v1/editions/world-cup-2022");
    expect(wc).toMatchObject({ slug: "world-cup-2022", name: "2022" });
    expect(await ok(`/v1/editions/${wc.id}`)).toEqual(wc);
    const [pl] = (await ok("/v1/editions?competition=en.1")).items;
    expect(pl).toMatchObject({ slug: "english-premier-league-2024-25", name: "2024/25" });
    for (const name of ["english-premier-league-2024-25", "en.1-2024-25", "en.1-2024"])
      expect((await ok(`/v1/editions/${name}`)).id).toBe(pl.id);
    expect((await ok("/v1/contests?edition=world-cup-2022")).items).toHaveLength(64);
    const table = await ok("/v1/standings?edition=en.1-2024-25");
    expect(table).toEqual(await ok(`/v1/standings?edition=${pl.id}`));
  });

  it("an edition name that names none is a 404 naming it; a numeric id and a bad value keep their rules", async () => {
    expectError(
      await get("/v1/editions/world-cup-1930"),
      404,
      "NOT_FOUND",
      "Edition world-cup-1930 not found",
    );
    expectError(
      await get("/v1/contests?edition=world-cup-1930"),
      404,
      "NOT_FOUND",
      "Edition 'world-cup-1930' (parameter 'edition') not found",
    );
    expectError(
      await get("/v1/contests?edition=abc"),
      400,
      "INVALID_PARAMETER",
      "Invalid parameter 'edition': must be a positive integer id",
    );
    expectError(
      await get("/v1/contests?edition=999999"),
      404,
      "NOT_FOUND",
      "Edition 999999 (parameter 'edition') not found",
    );
  });
});

describe("a team by its slug", () => {
  it("in paths and in team= and opponent=, the same answers as its id", async () => {
    const team = await ok("/v1/teams/argentina");
    expect(team).toMatchObject({ name: "Argentina", slug: "argentina" });
    const byName = await ok("/v1/contests?team=argentina&competition=world-cup");
    expect(byName).toEqual(await ok(`/v1/contests?team=${team.id}&competition=world-cup`));
    expect(byName.items).toHaveLength(7);
    const h2h = await ok("/v1/teams/argentina/head-to-head?opponent=france");
    expect(h2h).toMatchObject({ team_id: team.id, team_name: "Argentina", opponent_name: "France" });
    expect(h2h.meetings).toHaveLength(1);
    // A team's slug as /v1/teams lists it finds that team.
    const [city] = (await ok("/v1/teams?q=man%20city")).items;
    const season = await ok(`/v1/teams/${city.slug}/stats?edition=en.1-2024-25`);
    expect(season).toMatchObject({ team_id: city.id, team_name: city.name, coverage: true });
    expect(season.matches).toHaveLength(season.played);
    expect(season.matches[0].opponent_name).toEqual(expect.any(String));
  });

  it("a slug that names none is a 404; an id-shaped or malformed value keeps the id's rules", async () => {
    expectError(await get("/v1/teams/atlantis"), 404, "NOT_FOUND", "Team atlantis not found");
    expectError(
      await get("/v1/contests?team=atlantis"),
      404,
      "NOT_FOUND",
      "Team 'atlantis' (parameter 'team') not found",
    );
    expectError(
      await get("/v1/teams/argentina/head-to-head?opponent=atlantis"),
      404,
      "NOT_FOUND",
      "Team 'atlantis' (parameter 'opponent') not found",
    );
    for (const bad of ["0", "Argentina", "argentina--x", "-1"])
      expectError(
        await get(`/v1/contests?team=${bad}`),
        400,
        "INVALID_PARAMETER",
        "Invalid parameter 'team': must be a positive integer id",
      );
  });
});

describe("timezone= wherever a kick-off is written", () => {
  it("the final's kick-off in Asia/Qatar on the contest, a team's season and a head-to-head", async () => {
    const [final] = (await ok("/v1/contests?competition=world-cup&date=2022-12-18")).items as Contest[];
    expect(final.kickoff_at).toBe("2022-12-18T15:00:00.000Z");
    const local = "2022-12-18T18:00:00+03:00";
    expect((await ok(`/v1/contests/${final.id}?timezone=Asia/Qatar`)).kickoff_at).toBe(local);
    const season = await ok("/v1/teams/argentina/stats?edition=world-cup-2022&timezone=Asia/Qatar");
    expect(season.matches.map((m: { kickoff_at: string }) => m.kickoff_at)).toContain(local);
    const h2h = await ok("/v1/teams/argentina/head-to-head?opponent=france&timezone=Asia/Qatar");
    expect(h2h.meetings[0].kickoff_at).toBe(local);
    const [mbappe] = (await ok("/v1/persons?q=kylian%20mbappe")).items;
    const goals = await ok(`/v1/persons/${mbappe.id}/stats?timezone=Asia/Qatar`);
    expect(goals.matches.map((m: { kickoff_at: string }) => m.kickoff_at)).toContain(local);
    // London in summer is UTC+1: the same instant, written with the zone's offset of that day.
    const [opener] = (await ok("/v1/contests?competition=en.1&date=2024-08-16&timezone=Europe/London")).items;
    expect(opener.kickoff_at).toBe("2024-08-16T20:00:00+01:00");
  });

  it("an unknown zone is a 400 naming the parameter", async () => {
    const [final] = (await ok("/v1/contests?competition=world-cup&date=2022-12-18")).items as Contest[];
    for (const p of [
      `/v1/contests/${final.id}`,
      "/v1/teams/argentina/stats",
      "/v1/teams/argentina/head-to-head?opponent=france",
    ])
      expectError(
        await get(`${p}${p.includes("?") ? "&" : "?"}timezone=Mars/Olympus`),
        400,
        "INVALID_PARAMETER",
        "Invalid parameter 'timezone': must be an IANA time zone such as Europe/London",
      );
  });
});

describe("team names beside team ids", () => {
  it("in a scorer's season, a contest's team statistics and its players", async () => {
    const [mbappe] = (await ok("/v1/persons?q=kylian%20mbappe")).items;
    const season = await ok(`/v1/persons/${mbappe.id}/stats`);
    expect(season.team_name).toBe("France");
    expect(new Set(season.matches.map((m: { team_name: string }) => m.team_name))).toEqual(
      new Set(["France"]),
    );
    const [opener] = (await ok("/v1/contests?competition=en.1&date=2024-08-16")).items as Contest[];
    const stats = await ok(`/v1/contests/${opener.id}/statistics`);
    expect(stats.teams.map((t: { team_name: string }) => t.team_name)).toEqual(
      opener.participants.map((p) => p.name),
    );
  });
});
