import { execFileSync } from "node:child_process";
import { createClient, type Db } from "../../lib/platform/db/client";
import { nameTokens, normalizeName } from "../../lib/sports/normalize";
import { refreshBoardAggregates } from "../../lib/sports/store/stats";
import { copyTemplateDb, ROOT } from "./app";
import { createPgDatabaseFrom, type TempPgDatabase } from "./postgres";
import { ensureFixtureTemplate, FIXTURE_SOURCES } from "./template";

/**
 * A small deterministic world for API tests, independent of the demo-data generator: a football
 * league with two editions, a tennis tournament, 10 teams, 470 persons (some with accents),
 * rosters, finished and scheduled contests, standings, season stats, and one contest with 2,520
 * odds points written a whole book (35 points) per instant, in shuffled order so ids do not
 * follow time.
 */
export interface Fixture {
  url: string;
  db: Db;
  ids: {
    league: number;
    tennis: number;
    leaguePast: number;
    leagueCurrent: number;
    tennisEdition: number;
    oddsContest: number;
    otherOddsContest: number;
    tennisOddsContest: number;
    tennisOddsPerson: number;
    mbappe: number;
  };
}

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  "Liam",
  "Noah",
  "Oliver",
  "Elias",
  "Lucas",
  "Mateo",
  "Hugo",
  "Léo",
  "Jonas",
  "Emil",
  "Tomás",
  "Ángel",
  "Iker",
  "Søren",
  "Björn",
  "Luka",
  "Ivan",
  "Marco",
  "Paulo",
  "Kenji",
];
const LAST = [
  "Smith",
  "García",
  "Müller",
  "Rossi",
  "Novák",
  "Jensen",
  "Silva",
  "Dubois",
  "Kowalski",
  "Nagy",
  "Öztürk",
  "Peña",
  "Larsen",
  "Costa",
  "Ibáñez",
  "Berg",
  "Moreau",
  "Horváth",
  "Sato",
  "Walsh",
  "Núñez",
  "Quinn",
  "Young",
];
const TEAMS = [
  "Ashford United",
  "Brookside Rovers",
  "Carrow City",
  "Dunmore Athletic",
  "Eastleigh Town",
  "Fenwick Albion",
  "Glenbrook FC",
  "Harrowgate Wanderers",
  "Ironbridge County",
  "Juniper Park",
];
export const BOOKMAKERS = ["pinnacle", "bet365", "unibet", "williamhill", "betfair"];
const BOOK: [string, string, number | null][] = [
  ["h2h", "home", null],
  ["h2h", "draw", null],
  ["h2h", "away", null],
  ["totals", "over", 2.5],
  ["totals", "under", 2.5],
  ["totals", "over", 3.5],
  ["totals", "under", 3.5],
];
const T0 = Date.UTC(2025, 0, 10, 12, 0, 0);

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 400) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A private copy of the SQLite fixture, built once per run (tests/support/template.ts). */
export async function buildFixture(): Promise<Fixture> {
  const { file, ids } = await ensureFixtureTemplate(seedFixture);
  const url = copyTemplateDb(file);
  return { url, db: createClient(url), ids };
}

/** The fixture on a fresh PostgreSQL database, copied from a template database built once. */
export async function buildPgFixture(): Promise<{ fx: Fixture; pg: TempPgDatabase }> {
  const pg = await createPgDatabaseFrom("fixture", FIXTURE_SOURCES, async (url) => {
    const fx = await seedFixture(url);
    await fx.db.$disconnect();
    return fx.ids;
  });
  return { pg, fx: { url: pg.url, db: createClient(pg.url), ids: pg.made } };
}

/** Migrates an empty database and writes the fixture into it. */
async function seedFixture(url: string): Promise<Fixture> {
  // Migrated in a child process (as an operator would): the WASM engine's connection can hold the
  // SQLite file's lock in this process for a while after it is freed.
  execFileSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    stdio: "ignore",
  });
  const db = createClient(url);
  const rand = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];

  const league = await db.competition.create({
    data: {
      slug: "test-league",
      name: "Test Premier League",
      sport: "football",
      kind: "team",
      format: "league",
      country: "England",
    },
  });
  const tennis = await db.competition.create({
    data: {
      slug: "test-open",
      name: "Test Open",
      sport: "tennis",
      kind: "individual",
      format: "knockout",
      country: "France",
    },
  });
  const past = await db.edition.create({
    data: {
      competitionId: league.id,
      name: "2023/24",
      startDate: new Date("2023-08-01T00:00:00Z"),
      endDate: new Date("2024-05-31T00:00:00Z"),
    },
  });
  const current = await db.edition.create({
    data: {
      competitionId: league.id,
      name: "2024/25",
      startDate: new Date("2024-08-01T00:00:00Z"),
      endDate: new Date("2025-05-31T00:00:00Z"),
      current: true,
    },
  });
  const tennisEd = await db.edition.create({
    data: {
      competitionId: tennis.id,
      name: "2025",
      startDate: new Date("2025-05-20T00:00:00Z"),
      endDate: new Date("2025-06-08T00:00:00Z"),
      current: true,
    },
  });
  const teams = [];
  for (const [i, name] of TEAMS.entries()) {
    teams.push(
      await db.team.create({
        data: {
          name,
          nameNormalized: normalizeName(name),
          shortName: name.split(" ")[0],
          code: name.slice(0, 3).toUpperCase(),
          country: "England",
          founded: 1880 + i,
          venue: `${name.split(" ")[0]} Ground`,
        },
      }),
    );
  }

  // Persons: 250 footballers (25 per team), 220 tennis players; a few fixed accented names.
  const specials = ["Kylian Mbappé", "Martin Ødegaard", "Zoë Ñúñez-Ibáñez", "José María Gutiérrez"];
  const persons: { name: string; sport: string; position: string | null; team: number | null }[] = [];
  for (let i = 0; i < 250; i++) {
    const name = i < specials.length ? specials[i] : `${pick(FIRST)} ${pick(LAST)}`;
    persons.push({
      name,
      sport: "football",
      position: ["Goalkeeper", "Defender", "Midfielder", "Forward"][i % 4],
      team: teams[i % 10].id,
    });
  }
  for (let i = 0; i < 220; i++)
    persons.push({
      name: `${pick(FIRST)} ${pick(LAST)}${i % 7 === 0 ? "-" + pick(LAST) : ""}`,
      sport: "tennis",
      position: null,
      team: null,
    });
  await insertChunks(
    persons.map((p, i) => ({
      name: p.name,
      nameNormalized: normalizeName(p.name),
      firstName: p.name.split(" ")[0],
      lastName: p.name.split(" ").slice(1).join(" "),
      nationality: pick(["FRA", "ESP", "GER", "ENG", "NOR", "BRA"]),
      birthDate: new Date(Date.UTC(1990 + (i % 15), i % 12, 1 + (i % 28))),
      position: p.position,
      sport: p.sport,
      externalRef: `fx-person-${i}`,
    })),
    (data) => db.person.createMany({ data }),
  );
  const personRows = await db.person.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true } });
  await insertChunks(
    personRows.flatMap((p) => nameTokens(p.name).map((token) => ({ token, personId: p.id }))),
    (data) => db.personNameToken.createMany({ data }),
  );
  const footballers = personRows.slice(0, 250);
  const players = personRows.slice(250);

  // Rosters: everyone in both seasons; every tenth player moved club between them.
  const roster = [];
  for (const [i, p] of footballers.entries()) {
    const team = persons[i].team!;
    const moved = i % 10 === 3 ? teams[(i + 1) % 10].id : team;
    roster.push({
      editionId: past.id,
      teamId: team,
      personId: p.id,
      shirtNumber: (i % 25) + 1,
      position: persons[i].position,
    });
    roster.push({
      editionId: current.id,
      teamId: moved,
      personId: p.id,
      shirtNumber: (i % 25) + 1,
      position: persons[i].position,
    });
  }
  for (const p of players.slice(0, 32))
    roster.push({ editionId: tennisEd.id, teamId: null, personId: p.id, shirtNumber: null, position: null });
  await insertChunks(roster, (data) => db.rosterEntry.createMany({ data }));

  // Contests: double round robin in 2023/24 (all finished); 2024/25 half finished, half scheduled.
  const contests: {
    editionId: number;
    round: string;
    stage: string;
    status: string;
    kickoffAt: Date;
    venue: string;
    externalRef: string;
    home: number;
    away: number;
  }[] = [];
  for (const [ed, start, played] of [
    [past, Date.UTC(2023, 7, 12, 15), 90],
    [current, Date.UTC(2024, 7, 17, 15), 45],
  ] as const) {
    let n = 0;
    for (let h = 0; h < 10; h++)
      for (let a = 0; a < 10; a++) {
        if (h === a) continue;
        const round = Math.floor(n / 5) + 1;
        contests.push({
          editionId: ed.id,
          round: `Matchday ${round}`,
          stage: "Regular Season",
          status: n < played ? "finished" : "scheduled",
          kickoffAt: new Date(start + (round - 1) * 7 * 86_400_000 + (n % 5) * 3_600_000),
          venue: teams[h].venue!,
          externalRef: `fx-${ed.name}-${h}-${a}`,
          home: teams[h].id,
          away: teams[a].id,
        });
        n++;
      }
  }
  const table = new Map<
    string,
    { p: number; w: number; d: number; l: number; gf: number; ga: number; form: string }
  >();
  for (const c of contests) {
    const row = await db.contest.create({
      data: {
        editionId: c.editionId,
        round: c.round,
        stage: c.stage,
        status: c.status,
        kickoffAt: c.kickoffAt,
        venue: c.venue,
        externalRef: c.externalRef,
      },
    });
    const done = c.status === "finished";
    const hs = done ? Math.floor(rand() * 4) : null;
    const as = done ? Math.floor(rand() * 3) : null;
    const outcome = (x: number | null, y: number | null) =>
      x === null || y === null ? null : x > y ? "win" : x < y ? "loss" : "draw";
    await db.contestParticipant.createMany({
      data: [
        {
          contestId: row.id,
          side: "home",
          teamId: c.home,
          score: hs,
          halftimeScore: hs === null ? null : Math.min(hs, 1),
          outcome: outcome(hs, as),
        },
        {
          contestId: row.id,
          side: "away",
          teamId: c.away,
          score: as,
          halftimeScore: as === null ? null : Math.min(as, 1),
          outcome: outcome(as, hs),
        },
      ],
    });
    if (done)
      for (const [team, f, g] of [
        [c.home, hs!, as!],
        [c.away, as!, hs!],
      ] as const) {
        const key = `${c.editionId}:${team}`;
        const t = table.get(key) ?? { p: 0, w: 0, d: 0, l: 0, gf: 0, ga: 0, form: "" };
        t.p++;
        t.gf += f;
        t.ga += g;
        const r = f > g ? "W" : f < g ? "L" : "D";
        if (r === "W") t.w++;
        else if (r === "L") t.l++;
        else t.d++;
        t.form = (t.form + r).slice(-5);
        table.set(key, t);
      }
  }
  for (const ed of [past, current]) {
    const rows = teams
      .map((tm) => ({ teamId: tm.id, ...table.get(`${ed.id}:${tm.id}`)! }))
      .sort((x, y) => y.w * 3 + y.d - (x.w * 3 + x.d) || y.gf - y.ga - (x.gf - x.ga) || x.teamId - y.teamId);
    await db.standing.createMany({
      data: rows.map((r, i) => ({
        editionId: ed.id,
        group: "",
        teamId: r.teamId,
        position: i + 1,
        played: r.p,
        won: r.w,
        drawn: r.d,
        lost: r.l,
        goalsFor: r.gf,
        goalsAgainst: r.ga,
        goalDifference: r.gf - r.ga,
        points: r.w * 3 + r.d,
        form: r.form,
      })),
    });
  }

  // Tennis: 16 first-round matches (finished) and 8 second-round matches (scheduled).
  const tennisContests: number[] = [];
  for (let i = 0; i < 24; i++) {
    const done = i < 16;
    const row = await db.contest.create({
      data: {
        editionId: tennisEd.id,
        round: done ? "Round of 32" : "Round of 16",
        stage: "Main draw",
        status: done ? "finished" : "scheduled",
        kickoffAt: new Date(Date.UTC(2025, 4, 25 + Math.floor(i / 8), 10 + (i % 8))),
        venue: "Court 1",
        externalRef: `fx-tennis-${i}`,
      },
    });
    tennisContests.push(row.id);
    const [a, b] = done
      ? [players[2 * i], players[2 * i + 1]]
      : [players[4 * (i - 16)], players[4 * (i - 16) + 2]];
    await db.contestParticipant.createMany({
      data: [
        {
          contestId: row.id,
          side: "home",
          personId: a.id,
          score: done ? 3 : null,
          scoreDetail: done ? "6-4 3-6 7-5 6-2" : null,
          outcome: done ? "win" : null,
        },
        {
          contestId: row.id,
          side: "away",
          personId: b.id,
          score: done ? 1 : null,
          scoreDetail: done ? "4-6 6-3 5-7 2-6" : null,
          outcome: done ? "loss" : null,
        },
      ],
    });
  }

  // Season statistics (the stat-board's source), with deliberate ties in value.
  const stats = [];
  for (const [ed, edIdx] of [
    [past, 0],
    [current, 1],
  ] as const) {
    for (const [i, p] of footballers.entries()) {
      const team = roster[i * 2 + edIdx].teamId;
      stats.push({
        editionId: ed.id,
        personId: p.id,
        teamId: team,
        stat: "goals",
        value: (i * 7 + edIdx * 3) % 13,
        contests: 10 + (i % 9),
      });
      stats.push({
        editionId: ed.id,
        personId: p.id,
        teamId: team,
        stat: "assists",
        value: (i * 5 + edIdx) % 9,
        contests: 10 + (i % 9),
      });
      stats.push({
        editionId: ed.id,
        personId: p.id,
        teamId: team,
        stat: "minutes",
        value: 400 + ((i * 37) % 1400),
        contests: 10 + (i % 9),
      });
    }
  }
  for (const [i, p] of players.slice(0, 32).entries()) {
    stats.push({
      editionId: tennisEd.id,
      personId: p.id,
      teamId: null,
      stat: "wins",
      value: i % 2 === 0 ? 1 : 0,
      contests: 1,
    });
    stats.push({
      editionId: tennisEd.id,
      personId: p.id,
      teamId: null,
      stat: "aces",
      value: (i * 3) % 17,
      contests: 1,
    });
  }
  await insertChunks(stats, (data) => db.personEditionStat.createMany({ data }));
  // Totals written directly (no contest stats behind them): refresh what the stat-board reads.
  for (const editionId of new Set(stats.map((s) => s.editionId))) await refreshBoardAggregates(db, editionId);

  // Odds: 72 snapshots of a 35-point book, every 7-13 minutes, inserted in shuffled order.
  const oddsContest = await db.contest.findFirstOrThrow({
    where: { editionId: current.id, status: "scheduled" },
    orderBy: { id: "asc" },
  });
  const otherOddsContest = await db.contest.findFirstOrThrow({
    where: { editionId: current.id, status: "scheduled", id: { gt: oddsContest.id } },
    orderBy: { id: "asc" },
  });
  const snapshots: number[] = [];
  for (let s = 0, t = T0; s < 72; s++, t += (7 + Math.floor(rand() * 7)) * 60_000) snapshots.push(t);
  const order = snapshots.map((t) => ({ t, k: rand() })).sort((x, y) => x.k - y.k);
  const odds = [];
  for (const { t } of order) {
    const last = t === snapshots[snapshots.length - 1];
    for (const bm of BOOKMAKERS)
      for (const [market, selection, line] of BOOK) {
        odds.push({
          contestId: oddsContest.id,
          bookmaker: bm,
          market,
          selection,
          line,
          price: Math.round((1.2 + rand() * 4) * 100) / 100,
          observedAt: new Date(t),
          isClosing: last,
        });
      }
  }
  for (const bm of BOOKMAKERS.slice(0, 2))
    for (const [market, selection, line] of BOOK.slice(0, 3)) {
      odds.push({
        contestId: otherOddsContest.id,
        bookmaker: bm,
        market,
        selection,
        line,
        price: 2,
        observedAt: new Date(T0),
        isClosing: false,
      });
    }
  // Person odds: a tennis match, h2h on both players, 60 snapshots of 3 bookmakers x 2 players.
  const tennisOddsContest = tennisContests[16];
  const [pa, pb] = [players[0], players[2]];
  for (let s = 0; s < 60; s++)
    for (const bm of BOOKMAKERS.slice(0, 3))
      for (const [sel, pid] of [
        ["home", pa.id],
        ["away", pb.id],
      ] as const) {
        odds.push({
          contestId: tennisOddsContest,
          personId: pid,
          bookmaker: bm,
          market: "h2h",
          selection: sel,
          line: null,
          price: 1.5 + (s % 10) / 10,
          observedAt: new Date(T0 + Math.floor(s / 2) * 300_000),
          isClosing: s === 59,
        });
      }
  await insertChunks(odds, (data) => db.oddsPoint.createMany({ data }));

  return {
    url,
    db,
    ids: {
      league: league.id,
      tennis: tennis.id,
      leaguePast: past.id,
      leagueCurrent: current.id,
      tennisEdition: tennisEd.id,
      oddsContest: oddsContest.id,
      otherOddsContest: otherOddsContest.id,
      tennisOddsContest,
      tennisOddsPerson: pa.id,
      mbappe: footballers[0].id,
    },
  };
}
