import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { parseQuery } from "../../lib/api/request";
import { matchRoute } from "../../lib/api/router";
import { RawJson } from "../../lib/api/types";
import { runScript } from "../support/sports";

// Season figures and the match centre on the demo data, through the route handlers themselves
// (no server): every person's and team's season totals equal the sum of their match rows.

let dir: string;
let db: Db;

// The handlers' data is checked field by field below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function get(url: string): Promise<any> {
  const u = new URL(url, "http://x");
  const m = matchRoute(u.pathname)!;
  const query = parseQuery(u.searchParams, m.route.query);
  const data: unknown = await m.route.handler({ query, params: m.params, caller: null, db });
  // A handler may answer JSON it wrote itself (a compiled writer): read it back as the client would.
  return data instanceof RawJson ? JSON.parse(data.json) : data;
}

async function status(url: string): Promise<string> {
  try {
    await get(url);
    return "ok";
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-season-"));
  const url = `file:${path.join(dir, "demo.db")}`;
  await applyMigrations(url);
  runScript("scripts/seed.ts", ["--scale", "0.05", "--quiet"], url);
  db = createClient(url);
}, 300_000);
afterAll(async () => {
  await db?.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("season statistics on the demo data", () => {
  it("every person's totals per edition equal the sum of their match stats", async () => {
    const rows = await db.personContestStat.findMany({
      include: { contest: { select: { editionId: true } } },
    });
    const expected = new Map<string, Record<string, number>>();
    const recorded = new Map<string, Set<string>>();
    for (const r of rows) {
      const e = String(r.contest.editionId);
      recorded.set(e, (recorded.get(e) ?? new Set()).add(r.stat));
      const key = `${r.personId}:${r.contest.editionId}`;
      const t = expected.get(key) ?? {};
      t[r.stat] = (t[r.stat] ?? 0) + r.value;
      expected.set(key, t);
    }
    // Appearances come from lineups: a starter, or a substitute a substitution brought on.
    const apps = new Map<string, number>();
    const subsOn = new Set(
      (await db.matchEvent.findMany({ where: { type: "substitution", deletedAt: null } })).map(
        (e) => `${e.contestId}:${e.relatedPersonId}`,
      ),
    );
    const lineups = await db.lineupEntry.findMany({ include: { contest: { select: { editionId: true } } } });
    const withLineups = new Set(lineups.map((l) => String(l.contest.editionId)));
    for (const l of lineups)
      if (l.role === "starter" || subsOn.has(`${l.contestId}:${l.personId}`)) {
        const key = `${l.personId}:${l.contest.editionId}`;
        apps.set(key, (apps.get(key) ?? 0) + 1);
      }
    expect(expected.size).toBeGreaterThan(500);
    for (const [key, totals] of expected) {
      const [person, edition] = key.split(":");
      const data = await get(`/v1/persons/${person}/stats?edition=${edition}`);
      expect(data.totals, key).toEqual(totals);
      // null, never 0, where the edition has no lineups at all (tennis).
      expect(data.appearances, key).toBe(withLineups.has(edition) ? (apps.get(key) ?? 0) : null);
      // A statistic the edition does not record (minutes in tennis) is null, never 0.
      const of = (stat: string) => (recorded.get(edition)!.has(stat) ? (totals[stat] ?? 0) : null);
      expect([data.goals, data.minutes]).toEqual([of("goals"), of("minutes")]);
      const summed: Record<string, number> = {};
      for (const m of data.matches)
        for (const [s, v] of Object.entries(m.stats as Record<string, number>))
          summed[s] = (summed[s] ?? 0) + v;
      expect(summed).toEqual(totals);
    }
  }, 300_000);

  it("every team's totals per edition equal the sum of its match statistics and results", async () => {
    const teams = await db.team.findMany({ select: { id: true } });
    const editions = await db.edition.findMany({ where: { competition: { sport: "football" } } });
    let checked = 0;
    for (const t of teams)
      for (const e of editions) {
        const stats = await db.teamContestStat.findMany({
          where: { teamId: t.id, contest: { editionId: e.id, status: "finished" } },
        });
        const parts = await db.contestParticipant.findMany({
          where: { teamId: t.id, contest: { editionId: e.id, status: "finished" } },
        });
        if (!parts.length) continue;
        const data = await get(`/v1/teams/${t.id}/stats?edition=${e.id}`);
        const sum = (f: "shots" | "shotsOnTarget" | "corners" | "fouls" | "yellowCards" | "redCards") =>
          stats.reduce((n, s) => n + s[f]!, 0);
        expect(data.totals).toEqual({
          shots: sum("shots"),
          shots_on_target: sum("shotsOnTarget"),
          corners: sum("corners"),
          fouls: sum("fouls"),
          yellow_cards: sum("yellowCards"),
          red_cards: sum("redCards"),
        });
        expect(data.played).toBe(parts.length);
        expect(data.won + data.drawn + data.lost).toBe(parts.length);
        expect(data.goals_for).toBe(parts.reduce((n, p) => n + p.score!, 0));
        const standing = await db.standing.findFirst({ where: { teamId: t.id, editionId: e.id } });
        if (standing)
          expect([data.won, data.drawn, data.lost]).toEqual([standing.won, standing.drawn, standing.lost]);
        checked++;
      }
    expect(checked).toBeGreaterThan(20);
  }, 300_000);

  it("a finished demo match has a full match centre; a scheduled one answers empty lists with coverage false", async () => {
    const done = await db.contest.findFirstOrThrow({
      where: { status: "finished", participants: { some: { teamId: { not: null } } } },
      include: { participants: true },
    });
    const events = await get(`/v1/contests/${done.id}/events`);
    expect(events.coverage).toBe(true);
    const goals = events.items.filter((e: { type: string }) => e.type === "goal").length;
    expect(goals).toBe(done.participants.reduce((n, p) => n + p.score!, 0));
    const lineups = await get(`/v1/contests/${done.id}/lineups`);
    expect(
      lineups.items.map((s: { side: string; starters: unknown[] }) => [s.side, s.starters.length]),
    ).toEqual([
      ["home", 11],
      ["away", 11],
    ]);
    const stats = await get(`/v1/contests/${done.id}/statistics`);
    expect(stats.coverage).toBe(true);
    expect(stats.referee).toBe(done.referee);
    expect(stats.teams.map((t: { side: string }) => t.side)).toEqual(["home", "away"]);
    expect(stats.players.length).toBeGreaterThanOrEqual(22);

    const later = await db.contest.findFirstOrThrow({ where: { status: "scheduled" } });
    for (const part of ["events", "lineups"]) {
      expect(await get(`/v1/contests/${later.id}/${part}`)).toEqual({ items: [], coverage: false });
    }
    expect(await get(`/v1/contests/${later.id}/statistics`)).toEqual({
      referee: null,
      teams: [],
      players: [],
      coverage: false,
    });
    for (const part of ["events", "lineups", "statistics"])
      expect(await status(`/v1/contests/99999999/${part}`)).toBe("NOT_FOUND");
  });

  it("head-to-head: the record is the finished meetings; an unknown opponent is 404", async () => {
    const p = await db.contestParticipant.findFirstOrThrow({
      where: { side: "home", teamId: { not: null }, contest: { status: "finished" } },
    });
    const o = await db.contestParticipant.findFirstOrThrow({
      where: { contestId: p.contestId, side: "away" },
    });
    const data = await get(`/v1/teams/${p.teamId}/head-to-head?opponent=${o.teamId}`);
    const finished = data.meetings.filter((m: { outcome: string | null }) => m.outcome !== null);
    expect(data.record.played).toBe(finished.length);
    expect(data.meetings.some((m: { contest_id: string }) => m.contest_id === String(p.contestId))).toBe(
      true,
    );
    expect(await status(`/v1/teams/${p.teamId}/head-to-head?opponent=99999999`)).toBe("NOT_FOUND");
    expect(await status(`/v1/teams/${p.teamId}/head-to-head`)).toBe("INVALID_PARAMETER");
    expect(await status(`/v1/persons/99999999/stats`)).toBe("NOT_FOUND");
    expect(await status(`/v1/teams/${p.teamId}/stats?edition=99999999`)).toBe("NOT_FOUND");
  });

  it("coverage on competitions and editions says what exists", async () => {
    const list = (await get(`/v1/competitions`)).items;
    const football = list.find((c: { sport: string }) => c.sport === "football");
    const tennis = list.find((c: { sport: string }) => c.sport === "tennis");
    expect(football.coverage).toEqual({
      results: true,
      events: true,
      lineups: true,
      team_stats: true,
      player_stats: true,
      odds: true,
    });
    expect(tennis.coverage).toMatchObject({ results: true, events: true, lineups: false, team_stats: false });
    const editions = (await get(`/v1/editions?competition=${football.id}`)).items;
    expect(editions.length).toBeGreaterThan(1);
    for (const e of editions) expect(e.coverage.results).toBe(true);
  });
});
