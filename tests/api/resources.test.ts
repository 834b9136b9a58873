import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { normalizeName } from "../../lib/sports/normalize";
import { call, expectError, expectOk, MODES, type Mode } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";

let fx: Fixture;
let key: string;
const apps = {} as Record<Mode, RunningApp>;

beforeAll(async () => {
  fx = await buildFixture();
  key = createUnlimitedKey(fx.url, "resources@example.com");
  const started = await Promise.all(MODES.map((mode) => startApp({ databaseUrl: fx.url, mode })));
  MODES.forEach((m, i) => (apps[m] = started[i]));
});
afterAll(async () => {
  await Promise.all(Object.values(apps).map((a) => a.stop()));
  await fx?.db.$disconnect();
});

const get = (mode: Mode, path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  call(apps[mode].baseUrl, path, { key, ...init });
const ok = async (mode: Mode, path: string) => expectOk(await get(mode, path), path);

describe.each(MODES)("%s server: the rules every endpoint shares", (mode) => {
  test("envelope, X-Request-Id equal to meta.request_id, cache MISS then HIT", async () => {
    const path = `/v1/teams?limit=3&offset=${MODES.indexOf(mode)}`;
    const first = await get(mode, path);
    const data = expectOk(first, path);
    expect(data.items).toHaveLength(3);
    expect(data.total).toBe(10);
    expect(first.body.meta.cache).toBe("MISS");
    expect(Number.isNaN(Date.parse(first.body.meta.fetched_at))).toBe(false);
    const second = await get(mode, path);
    expect(second.body.meta.cache).toBe("HIT");
    expect(second.body.data).toEqual(data);
    expect(second.body.meta.request_id).not.toBe(first.body.meta.request_id);
  });

  test("paging loop over all persons visits every id exactly once, in the database's order", async () => {
    const want = (await fx.db.person.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((p) =>
      String(p.id),
    );
    const seen: string[] = [];
    const limit = 37;
    let offset = 0;
    for (;;) {
      const data = await ok(mode, `/v1/persons?limit=${limit}&offset=${offset}`);
      expect(data.total).toBe(want.length);
      expect(data.items.length).toBeLessThanOrEqual(limit);
      seen.push(...data.items.map((p: { id: string }) => p.id));
      if (offset + data.items.length >= data.total) break;
      offset += limit;
    }
    expect(seen).toEqual(want);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test("limit is clamped silently to 200; offset has no maximum", async () => {
    const data = await ok(mode, "/v1/persons?limit=500");
    expect(data.items).toHaveLength(200);
    expect(data.total).toBe(470);
    expect((await ok(mode, "/v1/persons")).items).toHaveLength(50);
    expect((await ok(mode, "/v1/teams?limit=100000")).items).toHaveLength(10);
    const far = await ok(mode, "/v1/persons?offset=999999999");
    expect(far).toEqual({ items: [], total: 470 });
  });

  test("q is case- and accent-insensitive word-prefix search", async () => {
    for (const text of ["mbappe", "MBAPPÉ", "kyl mbap", "Mbappé Kylian"]) {
      const data = await ok(mode, `/v1/persons?q=${encodeURIComponent(text)}`);
      expect(data.items.map((p: { name: string }) => p.name)).toEqual(["Kylian Mbappé"]);
      expect(data.total).toBe(1);
    }
    expect((await ok(mode, "/v1/persons?q=odegaard")).items[0].name).toBe("Martin Ødegaard");
    expect((await ok(mode, "/v1/persons?q=zoe%20nunez")).items[0].name).toBe("Zoë Ñúñez-Ibáñez");
    expect((await ok(mode, "/v1/persons?q=ylian")).total).toBe(0);
  });

  test("sport filters persons, alone and with q, with totals and paging of the filtered rows", async () => {
    const tennis = await fx.db.person.findMany({
      where: { sport: "tennis" },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    expect(tennis.length).toBeGreaterThan(0);
    const seen: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const data = await ok(mode, `/v1/persons?sport=tennis&limit=100&offset=${offset}`);
      expect(data.total).toBe(tennis.length);
      for (const p of data.items) expect(p.sport).toBe("tennis");
      seen.push(...data.items.map((p: { id: string }) => p.id));
      if (offset + data.items.length >= data.total) break;
    }
    expect(seen).toEqual(tennis.map((p) => String(p.id)));
    expect(await ok(mode, "/v1/persons?sport=tennis&offset=999999")).toEqual({
      items: [],
      total: tennis.length,
    });
    expect((await ok(mode, "/v1/persons?q=mbappe&sport=football")).total).toBe(1);
    expect(await ok(mode, "/v1/persons?q=mbappe&sport=tennis")).toEqual({ items: [], total: 0 });
    expect(await ok(mode, "/v1/persons?sport=curling")).toEqual({ items: [], total: 0 });
    expectError(await get(mode, "/v1/persons?sport=Tennis!"), 400, "INVALID_PARAMETER", /'sport'/);
  });

  test("errors: 400 naming the parameter, 404 for ids and paths, 405, all in the error shape", async () => {
    expectError(await get(mode, "/v1/persons?limit=abc"), 400, "INVALID_PARAMETER", /'limit'/);
    expectError(await get(mode, "/v1/persons?limit=-1"), 400, "INVALID_PARAMETER", /'limit'/);
    expectError(await get(mode, "/v1/persons?offset=1.5"), 400, "INVALID_PARAMETER", /'offset'/);
    expectError(
      await get(mode, "/v1/persons?colour=red"),
      400,
      "INVALID_PARAMETER",
      "Invalid parameter 'colour': unknown parameter",
    );
    expectError(
      await get(mode, "/v1/persons?limit=1&limit=2"),
      400,
      "INVALID_PARAMETER",
      /'limit'.*more than once/,
    );
    expectError(await get(mode, "/v1/contests?date=2024-02-30"), 400, "INVALID_PARAMETER", /'date'/);
    for (const path of [
      "/v1/persons/999999",
      "/v1/persons/abc",
      "/v1/persons/0",
      "/v1/contests/99999999999",
      "/v1/teams/-1",
      "/v1/editions/1.5",
    ]) {
      expectError(await get(mode, path), 404, "NOT_FOUND");
    }
    expectError(await get(mode, "/v1/nothing-here"), 404, "NOT_FOUND");
    const post = await get(mode, "/v1/persons", { method: "POST" });
    expectError(post, 405, "METHOD_NOT_ALLOWED");
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expectError(await get(mode, "/v1/persons/1", { method: "DELETE" }), 405, "METHOD_NOT_ALLOWED");
  });

  test("HEAD works like GET without a body", async () => {
    const head = await get(mode, "/v1/competitions", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("x-request-id")).toMatch(/^req_/);
    expect(head.headers.get("content-type")).toMatch(/application\/json/);
    const missing = await get(mode, "/v1/persons/999999", { method: "HEAD" });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe("");
  });

  test("a contest carries participants with ids, scores, outcome, round, stage, status and kickoff", async () => {
    const c = await fx.db.contest.findFirstOrThrow({
      where: { status: "finished", editionId: fx.ids.leaguePast },
      include: { participants: true },
      orderBy: { id: "asc" },
    });
    const data = await ok(mode, `/v1/contests/${c.id}`);
    expect(data).toMatchObject({
      id: String(c.id),
      edition_id: String(fx.ids.leaguePast),
      competition_id: String(fx.ids.league),
      round: c.round,
      stage: c.stage,
      status: "finished",
      kickoff_at: c.kickoffAt.toISOString(),
    });
    const home = c.participants.find((p) => p.side === "home")!;
    expect(data.participants[0]).toMatchObject({
      side: "home",
      team_id: String(home.teamId),
      person_id: null,
      score: home.score,
      outcome: home.outcome,
    });
    expect(data.participants).toHaveLength(2);
  });
});

describe("lean server: every endpoint", () => {
  const mode: Mode = "lean";

  test("search matches an independent computation over all names", async () => {
    for (const text of ["ma", "l", "gar", "ber", "ang", "jos gut", "e s"]) {
      const words = normalizeName(text).split(" ");
      const persons = await fx.db.person.findMany({
        select: { id: true, name: true },
        orderBy: { id: "asc" },
      });
      const want = persons
        .filter((p) =>
          words.every((w) =>
            normalizeName(p.name)
              .split(" ")
              .some((t) => t.startsWith(w)),
          ),
        )
        .map((p) => String(p.id));
      expect(want.length).toBeGreaterThan(0);
      const got: string[] = [];
      for (let offset = 0; ; offset += 200) {
        const data = await ok(mode, `/v1/persons?q=${encodeURIComponent(text)}&limit=200&offset=${offset}`);
        expect(data.total).toBe(want.length);
        got.push(...data.items.map((p: { id: string }) => p.id));
        if (offset + data.items.length >= data.total) break;
      }
      expect(got).toEqual(want);
    }
    expectError(await get(mode, "/v1/persons?q=%21%21"), 400, "INVALID_PARAMETER", /'q'/);
  });

  test("competitions and editions, walkable by id", async () => {
    const comps = await ok(mode, "/v1/competitions");
    expect(comps.items.map((c: { id: string }) => c.id)).toEqual([
      String(fx.ids.league),
      String(fx.ids.tennis),
    ]);
    expect(comps.items[0]).toMatchObject({
      sport: "football",
      current_edition_id: String(fx.ids.leagueCurrent),
    });
    expect((await ok(mode, "/v1/competitions?sport=tennis")).items.map((c: { id: string }) => c.id)).toEqual([
      String(fx.ids.tennis),
    ]);
    expect((await ok(mode, `/v1/competitions/${fx.ids.tennis}`)).name).toBe("Test Open");
    const eds = await ok(mode, `/v1/editions?competition=${fx.ids.league}`);
    expect(eds.items.map((e: { name: string }) => e.name)).toEqual(["2023/24", "2024/25"]);
    expect(eds.items[1]).toMatchObject({
      current: true,
      start_date: "2024-08-01",
      competition_id: String(fx.ids.league),
    });
    expect((await ok(mode, "/v1/editions?current=false")).items).toHaveLength(1);
    expect((await ok(mode, "/v1/editions")).items).toHaveLength(3);
    expect((await ok(mode, `/v1/editions/${fx.ids.tennisEdition}`)).name).toBe("2025");
    expectError(await get(mode, "/v1/editions?competition=777"), 404, "NOT_FOUND", /Competition 777/);
    expectError(await get(mode, "/v1/editions?current=yes"), 400, "INVALID_PARAMETER", /'current'/);
  });

  test("contests by every scope filter, compared with the database", async () => {
    const count = (where: object) => fx.db.contest.count({ where });
    const ids = (data: { items: { id: string }[] }) => data.items.map((c) => c.id);
    expect((await ok(mode, `/v1/contests?edition=${fx.ids.leaguePast}`)).items).toHaveLength(90);
    const current = await ok(mode, `/v1/contests?competition=${fx.ids.league}`);
    expect(
      current.items.every((c: { edition_id: string }) => c.edition_id === String(fx.ids.leagueCurrent)),
    ).toBe(true);
    expect(current.items).toHaveLength(90);
    const kick = current.items.map((c: { kickoff_at: string }) => c.kickoff_at);
    expect([...kick].sort()).toEqual(kick);
    const team = await ok(mode, "/v1/contests?team=1");
    expect(team.items).toHaveLength(await count({ participants: { some: { teamId: 1 } } }));
    expect(
      team.items.every((c: { participants: { team_id: string }[] }) =>
        c.participants.some((p) => p.team_id === "1"),
      ),
    ).toBe(true);
    const finished = await ok(mode, `/v1/contests?edition=${fx.ids.leagueCurrent}&status=finished`);
    expect(finished.items).toHaveLength(45);
    const day = await ok(mode, "/v1/contests?date=2024-08-17");
    expect(day.items.length).toBe(
      await count({
        kickoffAt: { gte: new Date("2024-08-17T00:00:00Z"), lt: new Date("2024-08-18T00:00:00Z") },
      }),
    );
    expect(day.items.length).toBeGreaterThan(0);
    const window = await ok(mode, "/v1/contests?from=2024-08-17&to=2024-08-31");
    expect(window.items.length).toBe(
      await count({
        kickoffAt: { gte: new Date("2024-08-17T00:00:00Z"), lt: new Date("2024-09-01T00:00:00Z") },
      }),
    );
    const past = await ok(mode, `/v1/contests?competition=${fx.ids.league}&from=2023-08-01&to=2023-08-31`);
    expect(past.items.every((c: { edition_id: string }) => c.edition_id === String(fx.ids.leaguePast))).toBe(
      true,
    );
    expect(past.items.length).toBeGreaterThan(0);
    const player = await fx.db.contestParticipant.findFirstOrThrow({ where: { personId: { not: null } } });
    const byPerson = await ok(mode, `/v1/contests?person=${player.personId}`);
    expect(ids(byPerson)).toContain(String(player.contestId));
    expect(
      byPerson.items[0].participants.some(
        (p: { person_id: string }) => p.person_id === String(player.personId),
      ),
    ).toBe(true);
    expectError(await get(mode, "/v1/contests"), 400, "INVALID_PARAMETER", /scope is required/);
    expectError(
      await get(mode, "/v1/contests?status=finished"),
      400,
      "INVALID_PARAMETER",
      /scope is required/,
    );
    expectError(
      await get(mode, "/v1/contests?from=2024-01-01&to=2024-12-31"),
      400,
      "INVALID_PARAMETER",
      /'to'.*31 days/,
    );
    expectError(await get(mode, "/v1/contests?from=2024-01-01"), 400, "INVALID_PARAMETER", /'to'/);
    expectError(
      await get(mode, "/v1/contests?date=2024-08-17&from=2024-08-01"),
      400,
      "INVALID_PARAMETER",
      /'date'/,
    );
    expectError(
      await get(mode, "/v1/contests?edition=1&from=2024-08-20&to=2024-08-01"),
      400,
      "INVALID_PARAMETER",
      /'to'/,
    );
    expectError(await get(mode, "/v1/contests?team=4242"), 404, "NOT_FOUND", /Team 4242/);
    expectError(await get(mode, "/v1/contests?edition=abc"), 400, "INVALID_PARAMETER", /'edition'/);
  });

  test("rosters and standings", async () => {
    const squad = await ok(mode, `/v1/rosters?edition=${fx.ids.leagueCurrent}&team=1`);
    const want = await fx.db.rosterEntry.count({ where: { editionId: fx.ids.leagueCurrent, teamId: 1 } });
    expect(squad.items).toHaveLength(want);
    expect(squad.items[0]).toMatchObject({
      edition_id: String(fx.ids.leagueCurrent),
      team_id: "1",
      person_name: "Kylian Mbappé",
    });
    const history = await ok(mode, `/v1/rosters?person=${fx.ids.mbappe}`);
    expect(history.items.map((r: { edition_id: string }) => r.edition_id)).toEqual([
      String(fx.ids.leaguePast),
      String(fx.ids.leagueCurrent),
    ]);
    expect(
      (await ok(mode, `/v1/rosters?edition=${fx.ids.tennisEdition}`)).items.every(
        (r: { team_id: null }) => r.team_id === null,
      ),
    ).toBe(true);
    expectError(await get(mode, "/v1/rosters"), 400, "INVALID_PARAMETER", /'edition'/);
    expectError(await get(mode, "/v1/rosters?edition=999"), 404, "NOT_FOUND", /Edition 999/);

    const table = await ok(mode, `/v1/standings?competition=${fx.ids.league}`);
    expect(table.edition_id).toBe(String(fx.ids.leagueCurrent));
    expect(table.items.map((r: { position: number }) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const top = await fx.db.standing.findFirstOrThrow({
      where: { editionId: fx.ids.leagueCurrent, position: 1 },
    });
    expect(table.items[0]).toMatchObject({
      team_id: String(top.teamId),
      points: top.points,
      goal_difference: top.goalDifference,
      form: top.form,
    });
    expect((await ok(mode, `/v1/standings?edition=${fx.ids.leaguePast}`)).items[0].played).toBe(18);
    expect((await ok(mode, `/v1/standings?edition=${fx.ids.leaguePast}&group=A`)).items).toEqual([]);
    expectError(await get(mode, "/v1/standings"), 400, "INVALID_PARAMETER", /'edition'/);
    expectError(await get(mode, "/v1/standings?edition=31337"), 404, "NOT_FOUND");
    expectError(await get(mode, "/v1/standings?competition=31337"), 404, "NOT_FOUND");
  });

  test("stat-board ranks an edition, sums a competition, and defaults the stat per sport", async () => {
    const board = await ok(
      mode,
      `/v1/analysis/stat-board?edition=${fx.ids.leagueCurrent}&stat=assists&limit=10`,
    );
    const rows = await fx.db.personEditionStat.findMany({
      where: { editionId: fx.ids.leagueCurrent, stat: "assists" },
      orderBy: [{ value: "desc" }, { contests: "asc" }, { personId: "asc" }],
      take: 10,
    });
    expect(board.items.map((r: { person_id: string; value: number }) => [r.person_id, r.value])).toEqual(
      rows.map((r) => [String(r.personId), r.value]),
    );
    for (const [i, r] of board.items.entries()) {
      const firstWithValue = board.items.findIndex((x: { value: number }) => x.value === r.value);
      expect(r.rank).toBe(firstWithValue + 1);
      if (i > 0) expect(r.value).toBeLessThanOrEqual(board.items[i - 1].value);
    }
    const whole = await ok(mode, `/v1/analysis/stat-board?competition=${fx.ids.league}&limit=100`);
    expect(whole).toMatchObject({ stat: "goals", edition_id: null, competition_id: String(fx.ids.league) });
    expect(whole.items).toHaveLength(100);
    const all = await fx.db.personEditionStat.findMany({
      where: { stat: "goals", edition: { competitionId: fx.ids.league } },
    });
    const sums = new Map<number, number>();
    for (const r of all) sums.set(r.personId, (sums.get(r.personId) ?? 0) + r.value);
    for (const r of whole.items) expect(r.value).toBe(sums.get(Number(r.person_id)));
    expect(whole.items[0].value).toBe(Math.max(...sums.values()));
    const tennis = await ok(mode, `/v1/analysis/stat-board?edition=${fx.ids.tennisEdition}`);
    expect(tennis.stat).toBe("wins");
    expect(tennis.stats_available).toEqual(["aces", "wins"]);
    expect(tennis.items).toHaveLength(20);
    expect(
      (await ok(mode, `/v1/analysis/stat-board?competition=${fx.ids.league}&limit=1000`)).items,
    ).toHaveLength(100);
    expectError(
      await get(mode, `/v1/analysis/stat-board?edition=${fx.ids.tennisEdition}&stat=goals`),
      400,
      "INVALID_PARAMETER",
      /'stat'.*aces, wins/,
    );
    expectError(await get(mode, "/v1/analysis/stat-board"), 400, "INVALID_PARAMETER", /'competition'/);
    // Both scopes: accepted when the edition belongs to the competition (the edition's board), else 400.
    expect(
      await ok(
        mode,
        `/v1/analysis/stat-board?competition=${fx.ids.league}&edition=${fx.ids.leagueCurrent}&stat=assists&limit=10`,
      ),
    ).toEqual(board);
    expectError(
      await get(mode, `/v1/analysis/stat-board?competition=${fx.ids.league}&edition=${fx.ids.tennisEdition}`),
      400,
      "INVALID_PARAMETER",
      new RegExp(`'edition'.*belongs to competition ${fx.ids.tennis}, not ${fx.ids.league}`),
    );
    expectError(
      await get(mode, `/v1/analysis/stat-board?edition=1&offset=20`),
      400,
      "INVALID_PARAMETER",
      "Invalid parameter 'offset': unknown parameter",
    );
    expectError(await get(mode, "/v1/analysis/stat-board?edition=999"), 404, "NOT_FOUND");
  });

  test("teams list and detail", async () => {
    const page = await ok(mode, "/v1/teams?limit=4&offset=8");
    expect(page.items.map((t: { id: string }) => t.id)).toEqual(["9", "10"]);
    expect((await ok(mode, "/v1/teams/2")).name).toBe("Brookside Rovers");
  });
});
