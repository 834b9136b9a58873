import { describe, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db";
import { expectError } from "../support/api";
import { BACKENDS, expectBytes, oracleApp } from "../support/oracle";

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
  period: true,
  minute: true,
  city: true,
  country: true,
  neutral: true,
  goalList: true,
  firstShooter: true,
  referee: true,
  decidedBy: true,
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
      fullTimeScore: true,
      extraTimeScore: true,
      penaltyScore: true,
      teamName: true,
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
    venue_city: c.city,
    venue_country: c.country,
    neutral: c.neutral,
    // A finished contest's clock is "finished" whether or not a feed reported it.
    period: c.period ?? (c.status === "finished" ? "finished" : null),
    minute: c.minute,
    participants: c.participants.map((p) => ({
      side: p.side,
      team_id: p.teamId === null ? null : String(p.teamId),
      person_id: p.personId === null ? null : String(p.personId),
      name: p.teamName ?? p.team?.name ?? p.person?.name ?? "",
      score: p.score,
      halftime_score: p.halftimeScore,
      score_detail: p.scoreDetail,
      outcome: p.outcome,
    })),
    referee: c.referee,
    score: { ...scoreDetail(c.participants, c.decidedBy), first_shooter: c.firstShooter },
    coverage: { goal_list: c.goalList },
  }));
}

type Side = { side: string; outcome: string | null } & Record<
  "halftimeScore" | "fullTimeScore" | "extraTimeScore" | "penaltyScore",
  number | null
>;

/** The contest's score object as the Contest schema describes it, from the participants. */
function scoreDetail(participants: Side[], decidedBy: string | null) {
  const [home, away] = ["home", "away"].map((s) => participants.find((p) => p.side === s));
  const pair = (f: "halftimeScore" | "fullTimeScore" | "extraTimeScore" | "penaltyScore") =>
    (home?.[f] ?? null) === null && (away?.[f] ?? null) === null
      ? null
      : { home: home?.[f] ?? null, away: away?.[f] ?? null };
  return {
    half_time: pair("halftimeScore"),
    full_time: pair("fullTimeScore"),
    extra_time: pair("extraTimeScore"),
    penalties: pair("penaltyScore"),
    decided_by: decidedBy,
    winner: home?.outcome === "win" ? "home" : away?.outcome === "win" ? "away" : null,
  };
}

describe.each(BACKENDS)("$name: contests from SQL rows", ({ pg }) => {
  // Cover what the seeded fixture lacks: a contest with no participants and a venue.
  const w = oracleApp(pg, "contests-sql", async (fx) => {
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
  });

  test("every contest by id", async () => {
    const all = await expected(w.fx.db, {});
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((c) => c.participants.length === 0)).toBe(true);
    expect(all.some((c) => c.participants.some((p) => p.person_id !== null))).toBe(true);
    for (const c of all) {
      const { data, text } = await w.get(`/v1/contests/${c.id}`);
      expect(data).toEqual(c);
      expectBytes(text, c);
    }
    expectError(await w.call("/v1/contests/99999999"), 404, "NOT_FOUND");
  });

  test("lists by edition, competition, team, person, window and status", async () => {
    const { leaguePast, leagueCurrent, league, tennisEdition, tennisOddsPerson, mbappe } = w.fx.ids;
    const team = (await w.fx.db.contestParticipant.findFirstOrThrow({ where: { teamId: { not: null } } }))
      .teamId!;
    const first = await w.fx.db.contest.findFirstOrThrow({ orderBy: { kickoffAt: "asc" } });
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
      const items = await expected(w.fx.db, where);
      const { data, text } = await w.get(`/v1/contests?${query}`);
      expect(data.items, query).toEqual(items);
      expectBytes(text, { items });
    }
    const empty = await w.get(`/v1/contests?edition=${leaguePast}&status=live`);
    expect(empty.data.items).toEqual([]);
    expectError(await w.call("/v1/contests?team=99999"), 404, "NOT_FOUND");
  });
});
