import { describe, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db";
import { expectError } from "../support/api";
import { BACKENDS, expectBytes, oracleApp } from "../support/oracle";

// The match-centre and season reads (lib/repos/match-centre.ts, season-stats.ts, coverage.ts) are
// prepared statements; the oracle is the same data read through Prisma. Compared on SQLite and
// PostgreSQL, as bytes where the response is built from the rows.

async function enrich(db: Db) {
  const contests = await db.contest.findMany({
    where: { status: "finished", participants: { some: { teamId: { not: null } } } },
    include: { participants: { orderBy: { side: "desc" } } },
    orderBy: { id: "asc" },
    take: 2,
  });
  const [c, other] = contests;
  const [home, away] = c.participants.map((p) => p.teamId!);
  const roster = await db.rosterEntry.findMany({
    where: { teamId: home, editionId: c.editionId },
    take: 3,
    orderBy: { id: "asc" },
  });
  const [a, b, d] = roster.map((r) => r.personId);
  await db.contest.update({ where: { id: c.id }, data: { referee: "R Jones", decidedBy: "penalties" } });
  await db.contestParticipant.updateMany({
    where: { contestId: c.id },
    data: { fullTimeScore: 1, extraTimeScore: 1 },
  });
  await db.contestParticipant.update({ where: { id: c.participants[0].id }, data: { penaltyScore: 4 } });
  await db.contestParticipant.update({ where: { id: c.participants[1].id }, data: { penaltyScore: 2 } });
  const event = (n: number, extra: { type: string } & Record<string, unknown>) => ({
    contestId: c.id,
    sequence: n,
    source: "test",
    externalId: `e${n}`,
    updatedAt: new Date(),
    ...extra,
  });
  await db.matchEvent.createMany({
    data: [
      event(0, {
        type: "goal",
        minute: 12,
        teamId: home,
        personId: a,
        personName: 'Ünal "Q"',
        penalty: true,
      }),
      event(1, {
        type: "goal",
        minute: 45,
        addedTime: 2,
        teamId: away,
        personId: b,
        personName: "B",
        ownGoal: true,
      }),
      event(2, {
        type: "yellow_card",
        minute: 60,
        teamId: home,
        personId: d,
        personName: "D",
        deletedAt: new Date(),
        revision: 2,
      }),
      event(3, {
        type: "substitution",
        minute: 70,
        teamId: home,
        personId: a,
        relatedPersonId: d,
        personName: "A",
        relatedName: "D",
      }),
    ],
  });
  await db.lineupEntry.createMany({
    data: [a, b, d].map((personId, i) => ({
      contestId: c.id,
      teamId: home,
      personId,
      role: i < 2 ? "starter" : "substitute",
      shirtNumber: i === 1 ? null : i + 1,
      position: i === 0 ? "Goalkeeper" : null,
      sequence: i,
    })),
  });
  await db.contestParticipant.update({ where: { id: c.participants[0].id }, data: { formation: "4-4-2" } });
  await db.teamContestStat.createMany({
    data: [
      {
        contestId: c.id,
        teamId: home,
        shots: 14,
        shotsOnTarget: 5,
        corners: 7,
        fouls: 12,
        yellowCards: 2,
        redCards: 0,
      },
      {
        contestId: c.id,
        teamId: away,
        shots: 10,
        shotsOnTarget: 2,
        corners: null,
        fouls: 10,
        yellowCards: 3,
        redCards: 1,
      },
      {
        contestId: other.id,
        teamId: other.participants[0].teamId!,
        shots: 3,
        shotsOnTarget: 1,
        corners: 1,
        fouls: 1,
        yellowCards: 0,
        redCards: 0,
      },
    ],
  });
  // The fixture's season totals are written without contest rows: give the box score two rows.
  await db.personContestStat.createMany({
    data: [
      { contestId: c.id, personId: a, teamId: home, stat: "goals", value: 1 },
      { contestId: c.id, personId: a, teamId: home, stat: "minutes", value: 90 },
    ],
  });
  return { contest: c.id, bare: other.id, home, away, edition: c.editionId };
}

const bool = (b: boolean) => b;

describe.each(BACKENDS)("$name: match centre from SQL rows", ({ pg }) => {
  const w = oracleApp(pg, "match-centre-sql", (fx) => enrich(fx.db));

  test("events, lineups and statistics equal the Prisma read; no data is coverage false; unknown is 404", async () => {
    const { contest, bare } = w.extra;
    const rows = await w.fx.db.matchEvent.findMany({
      where: { contestId: contest, deletedAt: null },
      orderBy: [{ sequence: "asc" }, { id: "asc" }],
    });
    const teamName = new Map((await w.fx.db.team.findMany()).map((t) => [t.id, t.name]));
    const id = (v: number | null) => (v === null ? null : String(v));
    const events = {
      items: rows.map((e) => ({
        id: String(e.id),
        type: e.type,
        minute: e.minute,
        added_time: e.addedTime,
        team_id: id(e.teamId),
        team_name: e.teamId === null ? null : teamName.get(e.teamId)!,
        person_id: id(e.personId),
        person_name: e.personName,
        related_person_id: id(e.relatedPersonId),
        related_name: e.relatedName,
        penalty: bool(e.penalty),
        own_goal: bool(e.ownGoal),
        detail: e.detail,
        source: e.source,
        revision: e.revision,
      })),
      coverage: true,
    };
    expect(events.items.length).toBe(3);
    const got = await w.get(`/v1/contests/${contest}/events`);
    expect(got.data).toEqual(events);
    expectBytes(got.text, events);

    const lineup = await w.fx.db.lineupEntry.findMany({
      where: { contestId: contest },
      orderBy: { sequence: "asc" },
      include: { contest: { include: { participants: true } } },
    });
    const persons = new Map(
      (await w.fx.db.person.findMany({ where: { id: { in: lineup.map((l) => l.personId) } } })).map((p) => [
        p.id,
        p.name,
      ]),
    );
    const side = lineup[0].contest.participants.find((p) => p.teamId === lineup[0].teamId)!;
    const player = (l: (typeof lineup)[number]) => ({
      person_id: String(l.personId),
      name: persons.get(l.personId),
      shirt_number: l.shirtNumber,
      position: l.position,
    });
    const lineups = {
      items: [
        {
          side: side.side,
          team_id: String(side.teamId),
          team_name: teamName.get(side.teamId!)!,
          formation: "4-4-2",
          starters: lineup.filter((l) => l.role === "starter").map(player),
          substitutes: lineup.filter((l) => l.role === "substitute").map(player),
        },
      ],
      coverage: true,
    };
    const gotLineups = await w.get(`/v1/contests/${contest}/lineups`);
    expect(gotLineups.data).toEqual(lineups);
    expectBytes(gotLineups.text, lineups);

    const stats = (await w.get(`/v1/contests/${contest}/statistics`)).data;
    expect(stats.referee).toBe("R Jones");
    expect(stats.teams).toEqual([
      {
        side: "home",
        team_id: String(w.extra.home),
        team_name: teamName.get(w.extra.home)!,
        shots: 14,
        shots_on_target: 5,
        corners: 7,
        fouls: 12,
        yellow_cards: 2,
        red_cards: 0,
      },
      {
        side: "away",
        team_id: String(w.extra.away),
        team_name: teamName.get(w.extra.away)!,
        shots: 10,
        shots_on_target: 2,
        corners: null,
        fouls: 10,
        yellow_cards: 3,
        red_cards: 1,
      },
    ]);
    const box = await w.fx.db.personContestStat.findMany({ where: { contestId: contest } });
    expect(
      stats.players.reduce((n: number, p: { stats: object }) => n + Object.keys(p.stats).length, 0),
    ).toBe(box.length);
    for (const p of stats.players as Array<{ team_id: string | null; team_name: string | null }>)
      expect(p.team_name).toBe(p.team_id === null ? null : teamName.get(Number(p.team_id)));

    const score = (await w.get(`/v1/contests/${contest}`)).data.score;
    expect(score).toMatchObject({
      full_time: { home: 1, away: 1 },
      extra_time: { home: 1, away: 1 },
      penalties: { home: 4, away: 2 },
      decided_by: "penalties",
    });

    const none = await w.fx.db.contest.findFirstOrThrow({ where: { status: "scheduled" } });
    expect((await w.get(`/v1/contests/${none.id}/events`)).data).toEqual({ items: [], coverage: false });
    expect((await w.get(`/v1/contests/${none.id}/lineups`)).data).toEqual({ items: [], coverage: false });
    expect((await w.get(`/v1/contests/${bare}/events`)).data.coverage).toBe(false);
    for (const part of ["events", "lineups", "statistics"]) {
      expectError(
        await w.call(`/v1/contests/99999999/${part}`),
        404,
        "NOT_FOUND",
        "Contest 99999999 not found",
      );
      expectError(await w.call(`/v1/contests/abc/${part}`), 404, "NOT_FOUND");
    }
  });

  test("team and person season figures equal the sums of their matches; head-to-head and coverage", async () => {
    const { home, away, edition } = w.extra;
    const team = (await w.get(`/v1/teams/${home}/stats?edition=${edition}`)).data;
    const parts = await w.fx.db.contestParticipant.findMany({
      where: { teamId: home, contest: { editionId: edition, status: "finished" } },
    });
    expect(team.played).toBe(parts.length);
    expect(team.goals_for).toBe(parts.reduce((n, p) => n + (p.score ?? 0), 0));
    const rows3 = await w.fx.db.teamContestStat.findMany({
      where: { teamId: home, contest: { editionId: edition, status: "finished" } },
    });
    const sum = (f: "shots" | "shotsOnTarget" | "corners" | "fouls" | "yellowCards" | "redCards") =>
      rows3.reduce((n, r) => n + (r[f] ?? 0), 0);
    expect(rows3.length).toBeGreaterThan(0);
    expect(team.totals).toEqual({
      shots: sum("shots"),
      shots_on_target: sum("shotsOnTarget"),
      corners: sum("corners"),
      fouls: sum("fouls"),
      yellow_cards: sum("yellowCards"),
      red_cards: sum("redCards"),
    });

    const person = await w.fx.db.personContestStat.findFirstOrThrow({
      where: { contest: { editionId: edition } },
    });
    const rows = await w.fx.db.personContestStat.findMany({
      where: { personId: person.personId, contest: { editionId: edition } },
    });
    const totals: Record<string, number> = {};
    for (const r of rows) totals[r.stat] = (totals[r.stat] ?? 0) + r.value;
    const ps = (await w.get(`/v1/persons/${person.personId}/stats?edition=${edition}`)).data;
    expect(ps.totals).toEqual(totals);
    expect(ps.appearances).toBe(new Set(rows.map((r) => r.contestId)).size);

    const h2h = (await w.get(`/v1/teams/${home}/head-to-head?opponent=${away}`)).data;
    const meetings = await w.fx.db.contest.findMany({
      where: {
        AND: [{ participants: { some: { teamId: home } } }, { participants: { some: { teamId: away } } }],
      },
    });
    expect(h2h.meetings.map((m: { contest_id: string }) => Number(m.contest_id)).sort()).toEqual(
      meetings.map((m) => m.id).sort(),
    );
    expect(h2h.record.played).toBe(meetings.filter((m) => m.status === "finished").length);
    expectError(await w.call(`/v1/teams/${home}/head-to-head?opponent=99999999`), 404, "NOT_FOUND");

    const comps = (await w.get(`/v1/competitions`)).data.items;
    const league = comps.find((c: { id: string }) => c.id === String(w.fx.ids.league));
    expect(league.coverage).toEqual({
      results: true,
      events: true,
      lineups: true,
      team_stats: true,
      player_stats: true,
      odds: true,
    });
    const tennis = comps.find((c: { id: string }) => c.id === String(w.fx.ids.tennis));
    expect(tennis.coverage).toMatchObject({ events: false, lineups: false, team_stats: false });
    const eds = (await w.get(`/v1/editions?competition=${w.fx.ids.league}`)).data.items;
    const withEvents = eds.filter((e: { coverage: { events: boolean } }) => e.coverage.events);
    expect(withEvents.map((e: { id: string }) => e.id)).toEqual([String(edition)]);
  });
});
