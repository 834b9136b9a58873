import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { REFERENCE_DATE } from "../../lib/seed/calendar";
import { ROOT } from "../support/app";
import { createMigratedPgDatabase, type TempPgDatabase } from "../support/postgres";
import { runScript, sportsCounts, sportsDigest, standingsProblems } from "../support/sports";

const SMALL = "0.05";
let dir: string;
const urls: Record<string, string> = {};
const clients: Db[] = [];

async function freshSqlite(name: string): Promise<string> {
  const url = `file:${path.join(dir, `${name}.db`)}`;
  await applyMigrations(url);
  return url;
}

function client(url: string): Db {
  const db = createClient(url);
  clients.push(db);
  return db;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-seed-"));
  for (const name of ["a", "b"]) urls[name] = await freshSqlite(name);
  for (const name of ["a", "b"]) runScript("scripts/seed.ts", ["--scale", SMALL, "--quiet"], urls[name]);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.$disconnect()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(`demo-data generator at a small scale (${SMALL})`, () => {
  it("is deterministic: two databases seeded separately hold identical rows", async () => {
    const [a, b] = [client(urls.a), client(urls.b)];
    expect((await sportsCounts(a)).odds).toBeGreaterThan(10_000);
    expect(await sportsDigest(a)).toBe(await sportsDigest(b));
  }, 180_000);

  it("is idempotent: seeding again at the same scale keeps every row and id (and the data version)", async () => {
    const db = client(urls.b);
    const before = await sportsDigest(db);
    const version = await db.systemState.findUnique({ where: { key: "data_version" } });
    expect(version?.value).toBeTruthy();
    const out = runScript("scripts/seed.ts", ["--scale", SMALL], urls.b);
    expect(out).toContain("already seeded");
    // npm start's seedIfEmpty leaves a populated database alone as well.
    execFileSync(
      process.execPath,
      ["--import", "tsx", "-e", "require('./lib/seed/index.ts').seedIfEmpty().then(() => process.exit(0))"],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: urls.b },
        stdio: "ignore",
      },
    );
    expect(await sportsDigest(db)).toBe(before);
    expect((await db.systemState.findUnique({ where: { key: "data_version" } }))?.value).toBe(version?.value);
  }, 180_000);

  it("produces a coherent dataset: a football league with two editions, tennis, rosters, odds with ties", async () => {
    const db = client(urls.a);
    const football = await db.competition.findMany({
      where: { sport: "football" },
      include: { editions: true },
    });
    expect(football.length).toBeGreaterThanOrEqual(1);
    expect(football.every((c) => c.editions.length >= 2)).toBe(true);
    expect(
      await db.competition.count({ where: { sport: "tennis", kind: "individual", format: "knockout" } }),
    ).toBeGreaterThanOrEqual(1);
    expect(await db.rosterEntry.count({ where: { role: "player", teamId: { not: null } } })).toBeGreaterThan(
      400,
    );
    expect(
      await db.contest.count({ where: { status: "scheduled", kickoffAt: { gt: REFERENCE_DATE } } }),
    ).toBeGreaterThan(0);
    const tie = await db.oddsPoint.groupBy({
      by: ["contestId", "observedAt"],
      _count: { _all: true },
      orderBy: { _count: { id: "desc" } },
      take: 1,
    });
    expect(tie[0]._count._all).toBeGreaterThanOrEqual(35); // 5 bookmakers x 7 selections at one instant
    expect(await db.person.count({ where: { nameNormalized: "kylian mbappe" } })).toBe(1);
    expect(await db.personNameToken.count({ where: { token: "odegaard" } })).toBeGreaterThanOrEqual(1);
  });

  it("standings equal what the finished contests imply", async () => {
    const db = client(urls.a);
    const editions = await db.edition.findMany({ where: { competition: { sport: "football" } } });
    for (const e of editions) expect(await standingsProblems(db, e.id), `edition ${e.id}`).toEqual([]);
    expect(await db.standing.count()).toBe(editions.length * 20);
  });

  it("person statistics agree with the scores, and season totals with the contest rows", async () => {
    const db = client(urls.a);
    const goals = await db.personContestStat.groupBy({
      by: ["contestId", "teamId"],
      where: { stat: "goals" },
      _sum: { value: true },
    });
    const scored = new Map(goals.map((g) => [`${g.contestId}:${g.teamId}`, g._sum.value ?? 0]));
    const finished = await db.contestParticipant.findMany({
      where: { contest: { status: "finished" }, teamId: { not: null } },
    });
    expect(finished.length).toBeGreaterThan(500);
    for (const p of finished)
      expect(scored.get(`${p.contestId}:${p.teamId}`) ?? 0, `contest ${p.contestId}`).toBe(p.score);
    const assists = await db.personContestStat.aggregate({
      where: { stat: "assists" },
      _sum: { value: true },
    });
    const totalGoals = finished.reduce((n, p) => n + (p.score ?? 0), 0);
    expect(assists._sum.value).toBeLessThanOrEqual(totalGoals);
    expect(await db.personContestStat.count({ where: { contest: { status: "scheduled" } } })).toBe(0);

    const fromContests = await db.personContestStat.groupBy({
      by: ["personId", "stat"],
      where: { contest: { editionId: 1 } },
      _sum: { value: true },
      _count: { _all: true },
    });
    const totals = await db.personEditionStat.findMany({ where: { editionId: 1 } });
    expect(totals).toHaveLength(fromContests.length);
    const byKey = new Map(totals.map((t) => [`${t.personId}:${t.stat}`, t]));
    for (const g of fromContests)
      expect(byKey.get(`${g.personId}:${g.stat}`)).toMatchObject({
        value: g._sum.value,
        contests: g._count._all,
      });
  });

  it("match centre: goal and card events, substitutions, lineups and team stats add up to the scores and player stats", async () => {
    const db = client(urls.a);
    const contests = await db.contest.findMany({
      where: { status: "finished", participants: { some: { teamId: { not: null } } } },
      include: { participants: true, events: true, lineups: true, teamStats: true, personStats: true },
    });
    expect(contests.length).toBeGreaterThan(400);
    for (const c of contests) {
      expect(c.referee, `contest ${c.id}`).toBeTruthy();
      for (const p of c.participants) {
        const mine = c.events.filter((e) => e.teamId === p.teamId);
        const goals = mine.filter((e) => e.type === "goal");
        expect(goals.length, `contest ${c.id} goals`).toBe(p.score);
        expect(goals.filter((e) => e.minute! <= 45).length, `contest ${c.id} half time`).toBe(
          p.halftimeScore,
        );
        for (const g of goals)
          expect(c.personStats.some((s) => s.personId === g.personId && s.stat === "goals")).toBe(true);
        const stat = (name: string) =>
          c.personStats
            .filter((s) => s.teamId === p.teamId && s.stat === name)
            .reduce((n, s) => n + s.value, 0);
        const team = c.teamStats.find((t) => t.teamId === p.teamId)!;
        expect(team.shots).toBe(stat("shots"));
        expect(team.yellowCards).toBe(stat("yellow_cards"));
        expect(mine.filter((e) => e.type === "yellow_card").length).toBe(stat("yellow_cards"));
        expect(team.shotsOnTarget!).toBeGreaterThanOrEqual(p.score!);
        expect(team.shotsOnTarget!).toBeLessThanOrEqual(team.shots!);
        const lineup = c.lineups.filter((l) => l.teamId === p.teamId);
        const starters = lineup.filter((l) => l.role === "starter");
        expect(starters.length).toBe(11);
        expect(p.formation!.split("-").reduce((n, x) => n + Number(x), 1)).toBe(11);
        // Everyone with minutes is in the lineup, starters with 90 or a substitution off.
        const played = c.personStats.filter((s) => s.teamId === p.teamId && s.stat === "minutes");
        for (const s of played) expect(lineup.some((l) => l.personId === s.personId)).toBe(true);
        const subs = mine.filter((e) => e.type === "substitution");
        expect(subs.length).toBe(played.length - 11);
      }
    }
  });

  it("odds: books written at one instant, prices drifting before kick-off, a closing snapshot 5 minutes before", async () => {
    const db = client(urls.a);
    const contest = await db.contest.findFirstOrThrow({
      where: { status: "finished", participants: { some: { teamId: { not: null } } } },
      orderBy: { id: "asc" },
    });
    const odds = await db.oddsPoint.findMany({
      where: { contestId: contest.id },
      orderBy: [{ observedAt: "asc" }, { id: "asc" }],
    });
    const instants = [...new Set(odds.map((o) => o.observedAt.getTime()))];
    expect(instants.length).toBeGreaterThanOrEqual(3);
    expect(new Set(odds.map((o) => o.market))).toEqual(new Set(["h2h", "totals", "spreads"]));
    const closing = odds.filter((o) => o.isClosing);
    expect(closing.length).toBe(35);
    expect(closing.every((o) => o.observedAt.getTime() === contest.kickoffAt.getTime() - 5 * 60_000)).toBe(
      true,
    );
    expect(odds.every((o) => o.observedAt < contest.kickoffAt)).toBe(true);
    const homeWin = odds
      .filter((o) => o.bookmaker === "pinnacle" && o.market === "h2h" && o.selection === "home")
      .map((o) => o.price);
    expect(new Set(homeWin).size).toBeGreaterThan(1);
    expect(odds.filter((o) => o.market !== "h2h").every((o) => o.line !== null)).toBe(true);
    expect(await db.oddsPoint.count({ where: { observedAt: { gt: REFERENCE_DATE } } })).toBe(0);
    // Every finished contest has a closing book; shared poll instants tie many contests.
    const finished = await db.contest.count({ where: { status: "finished" } });
    const withClosing = await db.oddsPoint.groupBy({ by: ["contestId"], where: { isClosing: true } });
    expect(withClosing.length).toBe(finished);
  });

  it("tennis: knockout draws between persons, set scores, person odds carrying the personId", async () => {
    const db = client(urls.a);
    const matches = await db.contest.findMany({
      where: { edition: { competition: { sport: "tennis" } } },
      include: { participants: true, odds: { where: { market: "h2h" } } },
    });
    expect(matches.length).toBeGreaterThanOrEqual(63);
    expect(new Set(matches.map((m) => m.round))).toContain("Final");
    for (const m of matches.filter((x) => x.status === "finished")) {
      expect(m.participants.every((p) => p.personId !== null && p.teamId === null)).toBe(true);
      expect(m.participants.map((p) => p.outcome).sort()).toEqual(["loss", "win"]);
      expect(m.participants[0].scoreDetail).toMatch(/^\d-\d(\(\d\))?( \d-\d(\(\d\))?)+$/);
      const bySide = new Map(m.participants.map((p) => [p.side, p.personId]));
      expect(m.odds.length).toBeGreaterThan(0);
      for (const o of m.odds) expect(o.personId).toBe(bySide.get(o.selection));
    }
  });
});

describe("demo-data generator at the default scale", () => {
  it("meets the issue's minimums, and re-seeding at another scale replaces the data", async () => {
    const out = runScript("scripts/seed.ts", ["--scale", "1"], urls.a);
    expect(out).toMatch(/replacing the existing sports data[\s\S]*seeded in [\d.]+ s/);
    const db = client(urls.a);
    const c = await sportsCounts(db);
    expect(c.persons).toBeGreaterThanOrEqual(1500);
    expect(c.teams).toBeGreaterThanOrEqual(60);
    expect(c.contests).toBeGreaterThanOrEqual(2000);
    expect(c.odds).toBeGreaterThanOrEqual(300_000);
    expect(
      await db.contest.count({ where: { status: "scheduled", kickoffAt: { gt: REFERENCE_DATE } } }),
    ).toBeGreaterThan(100);
    expect((await db.systemState.findUniqueOrThrow({ where: { key: "seed" } })).value).toBe("v2:scale=1");
    // A 20-team double round-robin with draws in a finished edition.
    const edition = await db.edition.findFirstOrThrow({
      where: { competition: { sport: "football" }, current: false },
      include: { contests: { include: { participants: true } } },
    });
    expect(edition.contests).toHaveLength(380);
    const pairs = new Set(
      edition.contests.map((x) =>
        x.participants
          .map((p) => `${p.side}:${p.teamId}`)
          .sort()
          .join(" "),
      ),
    );
    expect(pairs.size).toBe(380);
    const draws = edition.contests.filter((x) => x.participants[0].score === x.participants[1].score).length;
    expect(draws / 380).toBeGreaterThan(0.15);
    expect(draws / 380).toBeLessThan(0.35);
    for (const comp of await db.competition.findMany({ include: { _count: { select: { editions: true } } } }))
      expect(comp._count.editions).toBeGreaterThanOrEqual(2);
  }, 180_000);
});

describe("demo-data generator on PostgreSQL", () => {
  let pg: TempPgDatabase;
  beforeAll(async () => {
    pg = await createMigratedPgDatabase();
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((c) => c.$disconnect()));
    pg?.drop();
  });

  it("writes exactly the rows SQLite gets, and keeps sequences past the explicit ids", async () => {
    runScript("scripts/seed.ts", ["--scale", SMALL, "--quiet"], pg.url);
    const db = client(pg.url);
    expect(await sportsDigest(db)).toBe(await sportsDigest(client(urls.b)));
    for (const e of await db.edition.findMany({ where: { competition: { sport: "football" } } }))
      expect(await standingsProblems(db, e.id)).toEqual([]);
    const created = await db.competition.create({
      data: { slug: "after-seed", name: "After seed", sport: "football", kind: "team", format: "league" },
    });
    expect(created.id).toBe(await db.competition.count());
  }, 180_000);
});
