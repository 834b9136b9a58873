import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { copyTemplateDb } from "../support/app";
import { ensureTemplateDb } from "../support/template";

// The reads that must not slow down as data grows, checked on the SQL Prisma really sends:
// the better-sqlite3 driver adapter prepares every statement and binds its arguments, so both are
// captured there and replayed as EXPLAIN QUERY PLAN on the seeded test database.

interface Captured {
  sql: string;
  args: unknown[];
}
const captured: Captured[] = [];
type Prepare = (this: Database.Database, sql: string) => Database.Statement<unknown[]>;
const original = Database.prototype.prepare;
const prepare = original as unknown as Prepare;
let file: string;
type Repos = {
  odds: typeof import("../../lib/repos/odds");
  persons: typeof import("../../lib/repos/persons");
  stats: typeof import("../../lib/repos/stats");
  standings: typeof import("../../lib/repos/standings");
};
let repos: Repos;
let ids: { contest: number; person: number; edition: number; deep: { t: string; id: number } };

beforeAll(async () => {
  const url = copyTemplateDb(ensureTemplateDb());
  file = url.slice("file:".length);
  process.env.DATABASE_URL = url;
  const capture: Prepare = function (sql) {
    const stmt = prepare.call(this, sql);
    const bind = stmt.bind.bind(stmt) as (...args: unknown[]) => Database.Statement<unknown[]>;
    stmt.bind = (...args: unknown[]) => {
      captured.push({ sql, args: args.flat() });
      return bind(...args);
    };
    return stmt;
  };
  Database.prototype.prepare = capture as unknown as typeof original;
  repos = {
    odds: await import("../../lib/repos/odds"),
    persons: await import("../../lib/repos/persons"),
    stats: await import("../../lib/repos/stats"),
    standings: await import("../../lib/repos/standings"),
  };
  const db = new Database(file, { readonly: true });
  const one = <T>(sql: string) => prepare.call(db, sql).get() as T;
  ids = {
    contest: one<{ id: number }>("SELECT contestId AS id FROM odds_points GROUP BY contestId ORDER BY count(*) DESC LIMIT 1").id,
    person: one<{ id: number }>("SELECT personId AS id FROM odds_points WHERE personId IS NOT NULL GROUP BY personId ORDER BY count(*) DESC LIMIT 1").id,
    edition: one<{ id: number }>("SELECT editionId AS id FROM standings GROUP BY editionId LIMIT 1").id,
    deep: one<{ t: string; id: number }>("SELECT observedAt AS t, id FROM odds_points ORDER BY contestId, observedAt DESC, id DESC LIMIT 1 OFFSET 50"),
  };
  db.close();
});

afterAll(() => {
  Database.prototype.prepare = original;
});

/** Every statement `run` sends, with SQLite's plan for it. */
async function plansOf(run: () => Promise<unknown>): Promise<{ sql: string; plan: string }[]> {
  captured.length = 0;
  await run();
  const db = new Database(file, { readonly: true });
  try {
    return captured.map(({ sql, args }) => ({
      sql,
      plan: (prepare.call(db, `EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join("\n"),
    }));
  } finally {
    db.close();
  }
}

const GROWING = /^SCAN (main\.)?(odds_points|persons|person_name_tokens|person_edition_stats|standings)\b/m;

/** No statement reads a growing table from end to end. */
function expectNoFullScan(plans: { sql: string; plan: string }[]) {
  expect(plans.length).toBeGreaterThan(0);
  for (const p of plans) expect(p.plan, p.sql).not.toMatch(GROWING);
}

describe("query plans of the reads that must not grow with the data", () => {
  test("odds history of a contest: a keyset seek on (contestId, observedAt desc, id desc), no sort", async () => {
    const at = { t: new Date(ids.deep.t), id: ids.deep.id };
    for (const pos of [null, at]) {
      const plans = await plansOf(() => repos.odds.oddsAfter({ kind: "contest", id: ids.contest }, {}, pos, 101));
      expectNoFullScan(plans);
      const page = plans.find((p) => p.sql.includes("odds_points"))!;
      expect(page.plan).toMatch(/USING INDEX odds_points_contestId_observedAt_id_idx \(contestId=\?( AND observedAt<\?)?\)/);
      if (pos) expect(page.plan).toContain("observedAt<?");
      expect(page.plan).not.toContain("TEMP B-TREE");
    }
  });

  test("odds history of a person: the (personId, observedAt desc, id desc) index, also with filters and a window", async () => {
    const filter = { bookmaker: "pinnacle", before: new Date("2100-01-01T00:00:00Z") };
    const plans = await plansOf(() => repos.odds.oddsAfter({ kind: "person", id: ids.person }, filter, { t: new Date(ids.deep.t), id: ids.deep.id }, 101));
    expectNoFullScan(plans);
    expect(plans[0].plan).toMatch(/USING INDEX odds_points_personId_observedAt_id_idx \(personId=\? AND observedAt<\?\)/);
    expect(plans[0].plan).not.toContain("TEMP B-TREE");
  });

  test("persons ?q=: range scans on the name-token primary key, never a scan of persons", async () => {
    for (const words of [["wal"], ["dan", "wal"], ["a"]]) {
      const plans = await plansOf(() => repos.persons.listPersons(words, 50, 0));
      expectNoFullScan(plans);
      const search = plans.filter((p) => p.sql.includes("person_name_tokens"));
      expect(search.length).toBeGreaterThan(0);
      for (const p of search) {
        const ranges = p.plan.match(/SEARCH person_name_tokens USING COVERING INDEX sqlite_autoindex_person_name_tokens_1 \(token>\? AND token<\?\)/g);
        expect(ranges?.length, p.plan).toBe(words.length);
      }
    }
  });

  test("stat-board: the top rows straight off (editionId, stat, value desc, …), the stat list by index", async () => {
    const plans = await plansOf(async () => {
      await repos.stats.statsRecorded([ids.edition]);
      await repos.stats.statBoard([ids.edition], "goals", 20);
    });
    expectNoFullScan(plans);
    const board = plans.find((p) => /ORDER BY .*value/.test(p.sql))!;
    expect(board.plan).toMatch(/USING INDEX person_edition_stats_editionId_stat_value_contests_personId_idx \(editionId=\? AND stat=\?\)/);
    expect(board.plan).not.toContain("TEMP B-TREE");
    // findMany's `distinct` would fetch every row of the edition and dedupe in JS.
    const list = plans.find((p) => /GROUP BY .*stat/.test(p.sql));
    expect(list, "statsRecorded groups in SQL").toBeDefined();
    expect(list!.plan).toMatch(/INDEX \S+ \(editionId=\?\)/);
  });

  test("standings: the maintained table, read in table order off (editionId, group, position)", async () => {
    const plans = await plansOf(() => repos.standings.listStandings(ids.edition));
    expectNoFullScan(plans);
    const table = plans.find((p) => p.sql.includes("standings"))!;
    expect(table.plan).toMatch(/USING INDEX standings_editionId_group_position_idx \(editionId=\?\)/);
    expect(table.plan).not.toContain("TEMP B-TREE");
  });
});
