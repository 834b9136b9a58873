import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, expectError, expectOk } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { admin, createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";
import { createPgDatabase, type TempPgDatabase } from "../support/postgres";

// /v1/standings and /v1/rosters are written from rows of prepared statements (lib/repos/standings.ts,
// lib/repos/rosters.ts). Oracle: every table and every roster scope of the fixture, on SQLite and
// PostgreSQL, against what JSON.stringify of the schema's object built from Prisma rows gives, byte
// for byte (key order, nulls, ids as strings, ISO dates, the database's own ordering).

/** Text a JSON body must carry JSON-escaped (quotes, backslash, control character, astral plane). */
const AWKWARD = 'Quote " back \\ tab\t ünï 🦊';

interface World {
  fx: Fixture;
  app: RunningApp;
  key: string;
  /** The cup's editions: current (older), newer but not current, and one without standings. */
  cup: { id: number; current: number; newer: number; bare: number };
  noEditions: number;
}

/** Data the fixture lacks: point adjustments (admin CLI), groups, ties, awkward text, a null team. */
async function enrich(fx: Fixture): Promise<Omit<World, "fx" | "app" | "key">> {
  const db = fx.db;
  for (const [team, points, reason] of [
    ["Ashford United", "-3", `Breach of "rule" 4.2 — ${AWKWARD}`],
    ["Ashford United", "+1", "Appeal partly upheld"],
    ["Carrow City", "-8", "Administration"],
  ])
    admin(
      fx.url,
      "standings",
      "adjust",
      "--competition",
      "test-league",
      "--edition",
      "2024/25",
      "--team",
      team,
      "--points",
      points,
      "--reason",
      reason,
      "--by",
      "ops@example.com",
    );

  const cup = await db.competition.create({
    data: { slug: "test-cup", name: "Test Cup", sport: "football", kind: "team", format: "groups" },
  });
  const noEditions = await db.competition.create({
    data: { slug: "test-none", name: "Test None", sport: "football", kind: "team", format: "league" },
  });
  const edition = (name: string, start: string, current: boolean) =>
    db.edition.create({
      data: {
        competitionId: cup.id,
        name,
        startDate: new Date(`${start}T00:00:00Z`),
        endDate: new Date(`${start}T00:00:00Z`),
        current,
      },
    });
  const current = await edition("2023", "2023-03-01", true);
  const newer = await edition("2024", "2024-03-01", false);
  const bare = await edition("2022", "2022-03-01", false);
  const odd = await db.team.create({
    data: { name: `Saint ${AWKWARD} FC`, nameNormalized: "saint fc", shortName: "Saint", code: "STF" },
  });
  const teams = [...(await db.team.findMany({ orderBy: { id: "asc" }, take: 7 })), odd];
  // Groups in an order that is neither insertion nor team order; positions tied within a group.
  const groups = ["B", "A", "a", "Ä", ""];
  const rows = teams.map((t, i) => ({
    editionId: current.id,
    group: groups[i % groups.length],
    teamId: t.id,
    position: (i * 7) % 3,
    played: i,
    won: i % 4,
    drawn: i % 2,
    lost: i % 3,
    goalsFor: 10 - i,
    goalsAgainst: i * 2,
    goalDifference: 10 - 3 * i,
    points: 3 * (i % 4) + (i % 2) - (i === 2 ? 5 : 0),
    form: i % 2 ? "WLD" : "",
    adjustment: i === 2 ? -5 : i === 5 ? 2 : 0,
    adjustmentNote: i === 2 ? AWKWARD : i === 5 ? "Awarded" : null,
  }));
  for (const r of rows.reverse()) await db.standing.create({ data: r });
  await db.standing.createMany({
    data: teams.slice(0, 3).map((t, i) => ({
      editionId: newer.id,
      teamId: t.id,
      position: 3 - i,
      played: 1,
      won: 1,
      drawn: 0,
      lost: 0,
      goalsFor: 1,
      goalsAgainst: 0,
      goalDifference: 1,
      points: 3,
    })),
  });

  // A person whose name needs escaping; a null-team entry inside a football edition (its place
  // among the teams is the database's NULL ordering, which Prisma's orderBy also used).
  const someone = await db.rosterEntry.findFirstOrThrow({
    where: { editionId: fx.ids.leagueCurrent },
    orderBy: { id: "desc" },
  });
  await db.person.update({ where: { id: someone.personId }, data: { name: `O'Brien ${AWKWARD}` } });
  const tennisPlayer = await db.rosterEntry.findFirstOrThrow({ where: { editionId: fx.ids.tennisEdition } });
  await db.rosterEntry.create({
    data: { editionId: fx.ids.leagueCurrent, teamId: null, personId: tennisPlayer.personId, role: "coach" },
  });
  await db.rosterEntry.createMany({
    data: [
      {
        editionId: current.id,
        teamId: odd.id,
        personId: someone.personId,
        shirtNumber: 0,
        position: AWKWARD,
      },
      { editionId: current.id, teamId: teams[0].id, personId: tennisPlayer.personId, position: "" },
    ],
  });
  return {
    cup: { id: cup.id, current: current.id, newer: newer.id, bare: bare.id },
    noEditions: noEditions.id,
  };
}

/** The wire shapes (zod schemas in lib/api/endpoints), built from Prisma rows. */
type StandingRow = Awaited<ReturnType<typeof standingRows>>[number];
const standingRows = (fx: Fixture) =>
  fx.db.standing.findMany({
    include: { team: { select: { name: true } } },
    orderBy: [{ editionId: "asc" }, { group: "asc" }, { position: "asc" }, { id: "asc" }],
  });
const standing = (s: StandingRow) => ({
  id: String(s.id),
  edition_id: String(s.editionId),
  group: s.group,
  team_id: String(s.teamId),
  team_name: s.team.name,
  position: s.position,
  played: s.played,
  won: s.won,
  drawn: s.drawn,
  lost: s.lost,
  goals_for: s.goalsFor,
  goals_against: s.goalsAgainst,
  goal_difference: s.goalDifference,
  points: s.points,
  points_adjustment: s.adjustment,
  adjustment_note: s.adjustmentNote,
  form: s.form,
  updated_at: s.updatedAt.toISOString(),
});

type RosterRow = Awaited<ReturnType<typeof rosterRows>>[number];
const rosterRows = (fx: Fixture) =>
  fx.db.rosterEntry.findMany({
    include: { person: { select: { name: true } } },
    orderBy: [{ editionId: "asc" }, { teamId: "asc" }, { id: "asc" }],
  });
const entry = (r: RosterRow) => ({
  id: String(r.id),
  edition_id: String(r.editionId),
  team_id: r.teamId === null ? null : String(r.teamId),
  person_id: String(r.personId),
  person_name: r.person.name,
  shirt_number: r.shirtNumber,
  position: r.position,
  role: r.role,
});

/** Runs the checks a few at a time (the server and the databases are local). */
async function inBatches<T>(items: T[], check: (item: T) => Promise<void>, width = 6) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(check));
}

function suite(name: string, open: () => Promise<{ url: string; drop?: () => void }>) {
  describe(name, () => {
    let w: World;
    let drop: (() => void) | undefined;

    beforeAll(async () => {
      const target = await open();
      drop = target.drop;
      const fx = await buildFixture({ url: target.url });
      const extra = await enrich(fx);
      const key = createUnlimitedKey(fx.url, "tables-sql@example.com");
      const app = await startApp({ databaseUrl: fx.url });
      w = { fx, app, key, ...extra };
    }, 300_000);
    afterAll(async () => {
      await w?.app.stop();
      await w?.fx.db.$disconnect();
      drop?.();
    });

    const get = (path: string) => call(w.app.baseUrl, path, { key: w.key });
    /** 200, the schema, and the data's bytes exactly JSON.stringify of `want`. */
    async function expectData(path: string, want: unknown) {
      const r = await get(path);
      expectOk(r, path);
      const head = `{"data":${JSON.stringify(want)},"meta":{`;
      expect(r.text.slice(0, head.length), path).toBe(head);
    }

    test("standings: every edition, each of its groups, each competition's current edition", async () => {
      const { fx } = w;
      const rows = await standingRows(fx);
      // The fixture exercises what the bytes must carry.
      expect(rows.some((r) => r.adjustment < 0 && r.adjustmentNote?.includes('"rule"'))).toBe(true);
      expect(rows.some((r) => r.adjustment > 0)).toBe(true);
      expect(new Set(rows.map((r) => r.group)).size).toBeGreaterThan(3);
      const table = (editionId: number, group?: string) => ({
        edition_id: String(editionId),
        items: rows
          .filter((r) => r.editionId === editionId && (group === undefined || r.group === group))
          .map(standing),
      });
      const editions = await fx.db.edition.findMany({ orderBy: { id: "asc" } });
      expect(editions.length).toBeGreaterThanOrEqual(6);
      const cases: [string, unknown][] = [];
      for (const e of editions) {
        cases.push([`/v1/standings?edition=${e.id}`, table(e.id)]);
        for (const g of new Set(rows.filter((r) => r.editionId === e.id).map((r) => r.group)))
          cases.push([`/v1/standings?edition=${e.id}&group=${encodeURIComponent(g)}`, table(e.id, g)]);
        cases.push([`/v1/standings?edition=${e.id}&group=Z`, table(e.id, "Z")]);
      }
      const competitions = await fx.db.competition.findMany({ orderBy: { id: "asc" } });
      let current = 0;
      for (const c of competitions) {
        // The edition flagged current, else the one that started last (then the higher id).
        const mine = editions
          .filter((e) => e.competitionId === c.id)
          .sort(
            (x, y) =>
              Number(y.current) - Number(x.current) ||
              y.startDate.getTime() - x.startDate.getTime() ||
              y.id - x.id,
          );
        if (!mine.length) continue;
        current++;
        cases.push([`/v1/standings?competition=${c.id}`, table(mine[0].id)]);
        cases.push([`/v1/standings?competition=${c.id}&group=A`, table(mine[0].id, "A")]);
        cases.push([`/v1/standings?competition=${c.id}&group=`, table(mine[0].id, "")]);
      }
      expect(current).toBe(competitions.length - 1);
      // The cup's current edition is the flagged one, not the one that started last.
      expect(cases).toContainEqual([`/v1/standings?competition=${w.cup.id}`, table(w.cup.current)]);
      expect(table(w.cup.current).items.length).toBe(8);
      expect(table(w.cup.newer).items.length).toBe(3);
      // edition wins over competition.
      cases.push([`/v1/standings?edition=${w.cup.newer}&competition=${w.cup.id}`, table(w.cup.newer)]);
      cases.push([`/v1/standings?edition=${w.cup.bare}`, { edition_id: String(w.cup.bare), items: [] }]);
      await inBatches(cases, ([path, want]) => expectData(path, want));
    });

    test("standings: 400 and 404 exactly as before", async () => {
      expectError(
        await get("/v1/standings"),
        400,
        "INVALID_PARAMETER",
        "Invalid parameter 'edition': is required (or give competition for its current edition)",
      );
      expectError(
        await get("/v1/standings?group=A"),
        400,
        "INVALID_PARAMETER",
        "Invalid parameter 'edition': is required (or give competition for its current edition)",
      );
      expectError(
        await get(`/v1/standings?edition=1&group=${"x".repeat(41)}`),
        400,
        "INVALID_PARAMETER",
        /'group'/,
      );
      expectError(await get("/v1/standings?edition=abc"), 400, "INVALID_PARAMETER", /'edition'/);
      expectError(await get("/v1/standings?competition=0"), 400, "INVALID_PARAMETER", /'competition'/);
      expectError(await get("/v1/standings?edition=1&team=1"), 400, "INVALID_PARAMETER");
      for (const path of ["/v1/standings?edition=999999", "/v1/standings?edition=999999&group=A"])
        expectError(await get(path), 404, "NOT_FOUND", "Edition 999999 (parameter 'edition') not found");
      expectError(
        await get(`/v1/standings?edition=999999&competition=${w.fx.ids.league}`),
        404,
        "NOT_FOUND",
        "Edition 999999 (parameter 'edition') not found",
      );
      for (const id of [999999, w.noEditions])
        for (const path of [`/v1/standings?competition=${id}`, `/v1/standings?competition=${id}&group=A`])
          expectError(
            await get(path),
            404,
            "NOT_FOUND",
            `Competition ${id} (parameter 'competition') not found`,
          );
    });

    test("rosters: every edition, team, team × edition pair, person, and combinations", async () => {
      const { fx } = w;
      const rows = await rosterRows(fx);
      expect(rows.some((r) => r.teamId === null && r.editionId === fx.ids.leagueCurrent)).toBe(true);
      expect(rows.some((r) => r.person.name.includes(AWKWARD))).toBe(true);
      const items = (f: (r: RosterRow) => boolean) => ({ items: rows.filter(f).map(entry) });
      const editions = (await fx.db.edition.findMany({ select: { id: true } })).map((e) => e.id);
      const teams = (await fx.db.team.findMany({ select: { id: true } })).map((t) => t.id);
      const persons = (await fx.db.person.findMany({ select: { id: true } })).map((p) => p.id);
      const cases: [string, unknown][] = [];
      for (const e of editions) cases.push([`/v1/rosters?edition=${e}`, items((r) => r.editionId === e)]);
      for (const t of teams) cases.push([`/v1/rosters?team=${t}`, items((r) => r.teamId === t)]);
      for (const e of editions)
        for (const t of teams)
          cases.push([
            `/v1/rosters?edition=${e}&team=${t}`,
            items((r) => r.editionId === e && r.teamId === t),
          ]);
      for (const p of persons) cases.push([`/v1/rosters?person=${p}`, items((r) => r.personId === p)]);
      // Persons with entries in several editions (the movers, the awkward ones) in every combination.
      const movers = [...new Set(rows.filter((r, i) => i % 37 === 0).map((r) => r.personId))];
      const someone = rows.find((r) => r.person.name.includes(AWKWARD))!.personId;
      for (const p of [...movers, someone])
        for (const e of editions.slice(0, 3).concat(w.cup.current)) {
          cases.push([
            `/v1/rosters?person=${p}&edition=${e}`,
            items((r) => r.personId === p && r.editionId === e),
          ]);
          for (const t of teams.slice(0, 2).concat(teams[teams.length - 1])) {
            cases.push([
              `/v1/rosters?person=${p}&team=${t}`,
              items((r) => r.personId === p && r.teamId === t),
            ]);
            cases.push([
              `/v1/rosters?team=${t}&edition=${e}&person=${p}`,
              items((r) => r.personId === p && r.teamId === t && r.editionId === e),
            ]);
          }
        }
      expect(
        cases.filter(([, want]) => (want as { items: unknown[] }).items.length === 0).length,
      ).toBeGreaterThan(0);
      await inBatches(cases, ([path, want]) => expectData(path, want));
    });

    test("rosters: 400 and 404 exactly as before", async () => {
      const { ids } = w.fx;
      expectError(
        await get("/v1/rosters"),
        400,
        "INVALID_PARAMETER",
        "Invalid parameter 'edition': a scope is required: give edition, team or person",
      );
      expectError(await get("/v1/rosters?team=abc"), 400, "INVALID_PARAMETER", /'team'/);
      expectError(await get("/v1/rosters?person=-1"), 400, "INVALID_PARAMETER", /'person'/);
      expectError(await get("/v1/rosters?edition=1&group=A"), 400, "INVALID_PARAMETER");
      const missing: [string, string][] = [
        ["/v1/rosters?edition=999999", "Edition 999999 (parameter 'edition')"],
        ["/v1/rosters?edition=999999&team=999999&person=999999", "Edition 999999 (parameter 'edition')"],
        ["/v1/rosters?team=999999", "Team 999999 (parameter 'team')"],
        [`/v1/rosters?edition=${ids.leaguePast}&team=999999`, "Team 999999 (parameter 'team')"],
        ["/v1/rosters?team=999999&person=999999", "Team 999999 (parameter 'team')"],
        ["/v1/rosters?person=999999", "Person 999999 (parameter 'person')"],
        [`/v1/rosters?edition=${ids.leaguePast}&team=1&person=999999`, "Person 999999 (parameter 'person')"],
      ];
      for (const [path, what] of missing) expectError(await get(path), 404, "NOT_FOUND", `${what} not found`);
      // Empty but every filter names a record: 200 with no items.
      await expectData(`/v1/rosters?edition=${ids.tennisEdition}&team=1`, { items: [] });
    });
  });
}

suite("SQLite", async () => ({ url: `file:${await tempSqlite()}` }));
suite("PostgreSQL", async () => {
  const pg: TempPgDatabase = createPgDatabase();
  return { url: pg.url, drop: pg.drop };
});

async function tempSqlite(): Promise<string> {
  const fs = await import("node:fs");
  const os = await import("node:os");
  const path = await import("node:path");
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "statline-tables-sql-")), "tables.db");
}
