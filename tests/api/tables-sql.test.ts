import { describe, expect, test } from "vitest";
import { expectError, expectOk } from "../support/api";
import { BACKENDS, expectBytes, oracleApp } from "../support/oracle";
import {
  AWKWARD,
  enrich,
  entry,
  inBatches,
  rosterRows,
  standing,
  standingRows,
  type RosterRow,
} from "../support/tables-oracle";

// /v1/standings and /v1/rosters are written from rows of prepared statements (lib/sports/store/standings.ts,
// lib/sports/store/rosters.ts). Oracle: every table and every roster scope of the fixture, on SQLite and
// PostgreSQL, against what JSON.stringify of the schema's object built from Prisma rows gives, byte
// for byte (key order, nulls, ids as strings, ISO dates, the database's own ordering).

describe.each(BACKENDS)("$name: standings and rosters from SQL rows", ({ pg }) => {
  const w = oracleApp(pg, "tables-sql", enrich);
  const get = (path: string) => w.call(path);
  /** 200, the schema, and the data's bytes exactly JSON.stringify of `want`. */
  async function expectData(path: string, want: unknown) {
    const r = await get(path);
    expectOk(r, path);
    expectBytes(r.text, want, path);
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
    expect(cases).toContainEqual([`/v1/standings?competition=${w.extra.cup.id}`, table(w.extra.cup.current)]);
    expect(table(w.extra.cup.current).items.length).toBe(8);
    expect(table(w.extra.cup.newer).items.length).toBe(3);
    // edition wins over competition.
    cases.push([
      `/v1/standings?edition=${w.extra.cup.newer}&competition=${w.extra.cup.id}`,
      table(w.extra.cup.newer),
    ]);
    cases.push([
      `/v1/standings?edition=${w.extra.cup.bare}`,
      { edition_id: String(w.extra.cup.bare), items: [] },
    ]);
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
    for (const id of [999999, w.extra.noEditions])
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
        cases.push([`/v1/rosters?edition=${e}&team=${t}`, items((r) => r.editionId === e && r.teamId === t)]);
    for (const p of persons) cases.push([`/v1/rosters?person=${p}`, items((r) => r.personId === p)]);
    // Persons with entries in several editions (the movers, the awkward ones) in every combination.
    const movers = [...new Set(rows.filter((r, i) => i % 37 === 0).map((r) => r.personId))];
    const someone = rows.find((r) => r.person.name.includes(AWKWARD))!.personId;
    for (const p of [...movers, someone])
      for (const e of editions.slice(0, 3).concat(w.extra.cup.current)) {
        cases.push([
          `/v1/rosters?person=${p}&edition=${e}`,
          items((r) => r.personId === p && r.editionId === e),
        ]);
        for (const t of teams.slice(0, 2).concat(teams[teams.length - 1])) {
          cases.push([`/v1/rosters?person=${p}&team=${t}`, items((r) => r.personId === p && r.teamId === t)]);
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
    expectError(await get("/v1/rosters?team=ABC!"), 400, "INVALID_PARAMETER", /'team'/);
    // A team may be named by slug: one that names none is a 404.
    expectError(
      await get("/v1/rosters?team=abc"),
      404,
      "NOT_FOUND",
      "Team 'abc' (parameter 'team') not found",
    );
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
