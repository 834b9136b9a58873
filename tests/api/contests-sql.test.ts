import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "../../lib/db";
import { call, expectError, expectOk } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";
import { createPgDatabase, type TempPgDatabase } from "../support/postgres";

// /v1/contests and /v1/contests/{id} are written straight from SQL rows (lib/repos/contests.ts).
// The oracle here is the read they replaced: Prisma's nested select, shaped per the Contest schema
// in the test. Every contest is compared, as bytes (key order included), on SQLite and PostgreSQL.

const select = {
  id: true,
  editionId: true,
  round: true,
  stage: true,
  status: true,
  kickoffAt: true,
  venue: true,
  edition: { select: { competitionId: true } },
  participants: {
    select: {
      side: true,
      teamId: true,
      personId: true,
      score: true,
      halftimeScore: true,
      scoreDetail: true,
      outcome: true,
      team: { select: { name: true } },
      person: { select: { name: true } },
    },
    orderBy: { side: "desc" },
  },
} as const;

type Where = NonNullable<Parameters<Db["contest"]["findMany"]>[0]>["where"];

async function expected(db: Db, where: Where) {
  const rows = await db.contest.findMany({ where, select, orderBy: [{ kickoffAt: "asc" }, { id: "asc" }] });
  return rows.map((c) => ({
    id: String(c.id),
    competition_id: String(c.edition.competitionId),
    edition_id: String(c.editionId),
    round: c.round,
    stage: c.stage,
    status: c.status,
    kickoff_at: c.kickoffAt.toISOString(),
    venue: c.venue,
    participants: c.participants.map((p) => ({
      side: p.side,
      team_id: p.teamId === null ? null : String(p.teamId),
      person_id: p.personId === null ? null : String(p.personId),
      name: p.team?.name ?? p.person?.name ?? "",
      score: p.score,
      halftime_score: p.halftimeScore,
      score_detail: p.scoreDetail,
      outcome: p.outcome,
    })),
  }));
}

/** The body's data, as text, must be exactly JSON.stringify of the expectation. */
function expectBytes(text: string, data: unknown) {
  expect(text.startsWith(`{"data":${JSON.stringify(data)},"meta":`)).toBe(true);
}

const backends = [
  { name: "SQLite", pg: false },
  { name: "PostgreSQL", pg: true },
];

describe.each(backends)("$name: contests from SQL rows", ({ pg }) => {
  let temp: TempPgDatabase | undefined;
  let fx: Fixture;
  let app: RunningApp;
  let key: string;

  beforeAll(async () => {
    temp = pg ? createPgDatabase() : undefined;
    fx = await buildFixture(temp ? { url: temp.url } : {});
    // Cover what the seeded fixture lacks: a contest with no participants and a venue.
    const edition = await fx.db.edition.findUniqueOrThrow({ where: { id: fx.ids.leagueCurrent } });
    await fx.db.contest.create({
      data: {
        editionId: edition.id,
        round: 'Play-off "A"',
        stage: "Knockout",
        status: "scheduled",
        kickoffAt: new Date(edition.startDate.getTime() + 3_600_000),
        venue: "Stade Émile-Mayrisch",
        externalRef: "contests-sql-test-empty",
      },
    });
    key = createUnlimitedKey(fx.url, `contests-sql-${pg ? "pg" : "sqlite"}@example.com`);
    app = await startApp({ databaseUrl: fx.url, env: { RESPONSE_CACHE: "off" } });
  });
  afterAll(async () => {
    await app?.stop();
    await fx?.db.$disconnect();
    temp?.drop();
  });

  const get = async (path: string) => {
    const r = await call(app.baseUrl, path, { key });
    return { data: expectOk(r, path), text: r.text };
  };

  test("every contest by id", async () => {
    const all = await expected(fx.db, {});
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((c) => c.participants.length === 0)).toBe(true);
    expect(all.some((c) => c.participants.some((p) => p.person_id !== null))).toBe(true);
    for (const c of all) {
      const { data, text } = await get(`/v1/contests/${c.id}`);
      expect(data).toEqual(c);
      expectBytes(text, c);
    }
    expectError(await call(app.baseUrl, "/v1/contests/99999999", { key }), 404, "NOT_FOUND");
  });

  test("lists by edition, competition, team, person, window and status", async () => {
    const { leaguePast, leagueCurrent, league, tennisEdition, tennisOddsPerson, mbappe } = fx.ids;
    const team = (await fx.db.contestParticipant.findFirstOrThrow({ where: { teamId: { not: null } } }))
      .teamId!;
    const first = await fx.db.contest.findFirstOrThrow({ orderBy: { kickoffAt: "asc" } });
    const from = first.kickoffAt.toISOString().slice(0, 10);
    const to = new Date(first.kickoffAt.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
    const cases: [string, Where][] = [
      [`edition=${leaguePast}`, { editionId: leaguePast }],
      [`edition=${leagueCurrent}`, { editionId: leagueCurrent }],
      [`edition=${tennisEdition}`, { editionId: tennisEdition }],
      [`competition=${league}`, { editionId: leagueCurrent }],
      [`competition=${league}&from=2000-01-01&to=2100-01-01`, { edition: { competitionId: league } }],
      [`team=${team}`, { participants: { some: { teamId: team } } }],
      [
        `team=${team}&edition=${leaguePast}&status=finished`,
        {
          editionId: leaguePast,
          status: "finished",
          participants: { some: { teamId: team } },
        },
      ],
      [
        `person=${tennisOddsPerson}`,
        {
          OR: [
            { participants: { some: { personId: tennisOddsPerson } } },
            { personStats: { some: { personId: tennisOddsPerson } } },
          ],
        },
      ],
      [
        `person=${mbappe}`,
        {
          OR: [
            { participants: { some: { personId: mbappe } } },
            { personStats: { some: { personId: mbappe } } },
          ],
        },
      ],
      [
        `from=${from}&to=${to}`,
        {
          kickoffAt: {
            gte: new Date(`${from}T00:00:00Z`),
            lt: new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000),
          },
        },
      ],
    ];
    for (const [query, where] of cases) {
      const items = await expected(fx.db, where);
      const { data, text } = await get(`/v1/contests?${query}`);
      expect(data.items, query).toEqual(items);
      expectBytes(text, { items });
    }
    const empty = await get(`/v1/contests?edition=${leaguePast}&status=live`);
    expect(empty.data.items).toEqual([]);
    expectError(await call(app.baseUrl, "/v1/contests?team=99999", { key }), 404, "NOT_FOUND");
  });
});
