import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db";
import { createSeededPgDatabase, type TempPgDatabase } from "../support/postgres";

// The same reads on PostgreSQL. A small seeded database makes the planner prefer sequential
// scans, so the plans are taken with enable_seqscan off (and enable_sort off where the order must
// come from the index): a Seq Scan or Sort then only remains if no index can serve the read.

interface Captured {
  text: string;
  values: unknown[];
}
const captured: Captured[] = [];
type Query = (this: pg.Client, text: string, values?: unknown[]) => Promise<pg.QueryResult>;
const original = pg.Client.prototype.query;
const query = original as unknown as Query;
let database: TempPgDatabase;
type Repos = {
  odds: typeof import("../../lib/repos/odds");
  persons: typeof import("../../lib/repos/persons");
  stats: typeof import("../../lib/repos/stats");
  standings: typeof import("../../lib/repos/standings");
};
let repos: Repos;
let db: Db;
let explainer: pg.Client;
let ids: { contest: number; person: number; edition: number; competition: number };

beforeAll(async () => {
  database = await createSeededPgDatabase("0.1");
  explainer = new pg.Client({ connectionString: database.url });
  await explainer.connect();
  await explainer.query("ANALYZE");
  await explainer.query("SET enable_seqscan = off");
  const one = async (sql: string) => Number((await explainer.query(sql)).rows[0].id);
  ids = {
    contest: await one(`SELECT "contestId" AS id FROM odds_points GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`),
    person: await one(
      `SELECT "personId" AS id FROM odds_points WHERE "personId" IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    ),
    edition: await one(`SELECT "editionId" AS id FROM standings GROUP BY 1 LIMIT 1`),
    competition: await one(
      `SELECT "competitionId" AS id FROM competition_person_stats WHERE stat = 'goals' LIMIT 1`,
    ),
  };
  process.env.DATABASE_URL = database.url;
  (pg.Client.prototype as { query: unknown }).query = function (
    this: pg.Client,
    config: unknown,
    ...rest: unknown[]
  ) {
    if (this !== explainer && config && typeof config === "object" && "text" in config) {
      const { text, values } = config as Captured;
      captured.push({ text, values: values ?? [] });
    }
    return (original as (...a: unknown[]) => unknown).call(this, config, ...rest);
  };
  repos = {
    odds: await import("../../lib/repos/odds"),
    persons: await import("../../lib/repos/persons"),
    stats: await import("../../lib/repos/stats"),
    standings: await import("../../lib/repos/standings"),
  };
  ({ db } = await import("../../lib/platform/db"));
}, 240_000);

afterAll(async () => {
  pg.Client.prototype.query = original;
  await db?.$disconnect();
  await explainer?.end();
  database?.drop();
});

async function plansOf(
  run: () => Promise<unknown>,
  orderFromIndex = true,
): Promise<{ sql: string; plan: string }[]> {
  captured.length = 0;
  await run();
  await explainer.query(`SET enable_sort = ${orderFromIndex ? "off" : "on"}`);
  const out: { sql: string; plan: string }[] = [];
  for (const { text, values } of captured) {
    const result = await query.call(explainer, `EXPLAIN ${text}`, values);
    out.push({
      sql: text,
      plan: (result.rows as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]).join("\n"),
    });
  }
  return out;
}

/** A plain Sort node (an Incremental Sort only orders ties within rows the index already sorted). */
const FULL_SORT = /^\s*(->\s+)?Sort\s+\(/m;

function expectIndexedWithoutSort(plans: { sql: string; plan: string }[], table: string, index: string) {
  const p = plans.find((x) => x.sql.includes(`"${table}"`));
  expect(p, `a query on ${table}`).toBeDefined();
  expect(p!.plan, p!.sql).toMatch(new RegExp(`Index (Only )?Scan using "?${index}"?`));
  expect(p!.plan, p!.sql).not.toMatch(/Seq Scan/);
  expect(p!.plan, p!.sql).not.toMatch(FULL_SORT);
}

describe("PostgreSQL: an index serves each growing read in its order", () => {
  test("odds history by contest and by person (keyset cursor)", async () => {
    const pos = { t: new Date("2100-01-01T00:00:00Z"), id: 2_000_000_000 };
    expectIndexedWithoutSort(
      await plansOf(() => repos.odds.oddsAfter(db, { kind: "contest", id: ids.contest }, {}, pos, 101)),
      "odds_points",
      "odds_points_contestId_observedAt_id_idx",
    );
    expectIndexedWithoutSort(
      await plansOf(() => repos.odds.oddsAfter(db, { kind: "person", id: ids.person }, {}, pos, 101)),
      "odds_points",
      "odds_points_personId_observedAt_id_idx",
    );
  });

  test("persons ?q=: range scans on the name-token primary key", async () => {
    // The matches are sorted by person id (the page order): a sort of the matches is expected.
    for (const words of [["wal"], ["dan", "wal"]]) {
      const plans = await plansOf(() => repos.persons.listPersons(db, words, undefined, 50, 0), false);
      const search = plans.find((p) => p.sql.includes("person_name_tokens"))!;
      const ranges = search.plan.match(
        /(Bitmap Index Scan on|Index (Only )?Scan using) person_name_tokens_pkey[^\n]*\n\s+Index Cond: \(\(token >= [^)]*\) AND \(token < [^)]*\)\)/g,
      );
      expect(ranges?.length, search.plan).toBe(words.length);
      for (const p of plans) expect(p.plan, p.sql).not.toMatch(/Seq Scan/);
    }
  });

  test("stat-board and standings", async () => {
    const board = await plansOf(() => repos.stats.statBoard(db, { editionId: ids.edition }, "goals", 20));
    expectIndexedWithoutSort(
      board,
      "person_edition_stats",
      "person_edition_stats_editionId_stat_value_contests_personId_idx",
    );
    const competition = await plansOf(() =>
      repos.stats.statBoard(db, { competitionId: ids.competition }, "goals", 20),
    );
    expectIndexedWithoutSort(
      competition,
      "competition_person_stats",
      // PostgreSQL cuts identifiers at 63 bytes; Prisma's migration made this name.
      "competition_person_stats_competitionId_stat_value_contests__idx",
    );
    for (const scope of [
      await plansOf(() => repos.stats.editionBoardScope(db, ids.edition), false),
      await plansOf(() => repos.stats.competitionBoardScope(db, ids.competition), false),
    ]) {
      expect(scope).toHaveLength(1);
      expect(scope[0].plan, scope[0].sql).toMatch(/edition_stat_names/);
      expect(scope[0].plan, scope[0].sql).not.toMatch(/Seq Scan/);
    }
    expectIndexedWithoutSort(
      await plansOf(() => repos.standings.listStandings(db, ids.edition)),
      "standings",
      "standings_editionId_group_position_idx",
    );
  });
});
