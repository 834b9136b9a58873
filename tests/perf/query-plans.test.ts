import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db";
import { copyTemplateDb } from "../support/app";
import { ensureTemplateDb } from "../support/template";

// The reads that must not slow down as data grows, checked on the SQL really sent: Prisma's
// better-sqlite3 adapter and the prepared-statement layer (lib/platform/db/sql.ts) both prepare statements
// on better-sqlite3 and pass arguments to bind() or all()/get(), so both are captured there and
// replayed as EXPLAIN QUERY PLAN on the seeded test database.

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
let db: Db;
let ids: {
  contest: number;
  person: number;
  edition: number;
  competition: number;
  deep: { t: string; id: number };
};

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
    for (const run of ["all", "get"] as const) {
      const original = stmt[run].bind(stmt) as (...args: unknown[]) => unknown;
      stmt[run] = ((...args: unknown[]) => {
        if (args.length) captured.push({ sql, args: args.flat() });
        return original(...args);
      }) as never;
    }
    return stmt;
  };
  Database.prototype.prepare = capture as unknown as typeof original;
  repos = {
    odds: await import("../../lib/repos/odds"),
    persons: await import("../../lib/repos/persons"),
    stats: await import("../../lib/repos/stats"),
    standings: await import("../../lib/repos/standings"),
  };
  ({ db } = await import("../../lib/platform/db"));
  const raw = new Database(file, { readonly: true });
  const one = <T>(sql: string) => prepare.call(raw, sql).get() as T;
  ids = {
    contest: one<{ id: number }>(
      "SELECT contestId AS id FROM odds_points GROUP BY contestId ORDER BY count(*) DESC LIMIT 1",
    ).id,
    person: one<{ id: number }>(
      "SELECT personId AS id FROM odds_points WHERE personId IS NOT NULL GROUP BY personId ORDER BY count(*) DESC LIMIT 1",
    ).id,
    edition: one<{ id: number }>("SELECT editionId AS id FROM standings GROUP BY editionId LIMIT 1").id,
    competition: one<{ id: number }>(
      "SELECT competitionId AS id FROM competition_person_stats WHERE stat = 'goals' LIMIT 1",
    ).id,
    deep: one<{ t: string; id: number }>(
      "SELECT observedAt AS t, id FROM odds_points ORDER BY contestId, observedAt DESC, id DESC LIMIT 1 OFFSET 50",
    ),
  };
  raw.close();
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
      plan: (prepare.call(db, `EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[])
        .map((r) => r.detail)
        .join("\n"),
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
      const plans = await plansOf(() =>
        repos.odds.oddsAfter(db, { kind: "contest", id: ids.contest }, {}, pos, 101),
      );
      expectNoFullScan(plans);
      const page = plans.find((p) => p.sql.includes("odds_points"))!;
      expect(page.plan).toMatch(
        /USING INDEX odds_points_contestId_observedAt_id_idx \(contestId=\?( AND observedAt<\?)?\)/,
      );
      if (pos) expect(page.plan).toContain("observedAt<?");
      expect(page.plan).not.toContain("TEMP B-TREE");
    }
  });

  test("odds history of a person: the (personId, observedAt desc, id desc) index, also with filters and a window", async () => {
    const filter = { bookmaker: "pinnacle", before: new Date("2100-01-01T00:00:00Z") };
    const plans = await plansOf(() =>
      repos.odds.oddsAfter(
        db,
        { kind: "person", id: ids.person },
        filter,
        { t: new Date(ids.deep.t), id: ids.deep.id },
        101,
      ),
    );
    expectNoFullScan(plans);
    expect(plans[0].plan).toMatch(
      /USING INDEX odds_points_personId_observedAt_id_idx \(personId=\? AND observedAt<\?\)/,
    );
    expect(plans[0].plan).not.toContain("TEMP B-TREE");
  });

  test("persons ?q=: range scans on the name-token primary key, never a scan of persons", async () => {
    for (const words of [["wal"], ["dan", "wal"], ["a"]]) {
      const plans = await plansOf(() => repos.persons.listPersons(db, words, undefined, 50, 0));
      expect(plans, "one statement for the page and its total").toHaveLength(1);
      expectNoFullScan(plans);
      const search = plans.filter((p) => p.sql.includes("person_name_tokens"));
      expect(search.length).toBeGreaterThan(0);
      for (const p of search) {
        const ranges = p.plan.match(
          /SEARCH person_name_tokens USING COVERING INDEX sqlite_autoindex_person_name_tokens_1 \(token>\? AND token<\?\)/g,
        );
        expect(ranges?.length, p.plan).toBe(words.length);
      }
    }
  });

  test("persons ?sport=: the (sport, id) index, in page order", async () => {
    const plans = await plansOf(() => repos.persons.listPersons(db, [], "tennis", 50, 0));
    expect(plans).toHaveLength(1);
    expect(plans[0].plan).toMatch(/persons USING COVERING INDEX persons_sport_id_idx \(sport=\?\)/);
    expect(plans[0].plan).not.toContain("TEMP B-TREE");
  });

  test("stat-board of an edition: two statements, both index reads, the top rows in board order", async () => {
    const plans = await plansOf(async () => {
      await repos.stats.editionBoardScope(db, ids.edition);
      await repos.stats.statBoard(db, { editionId: ids.edition }, "goals", 20);
    });
    expect(plans).toHaveLength(2);
    expectNoFullScan(plans);
    const board = plans.find((p) => /ORDER BY .*value/.test(p.sql))!;
    expect(board.plan).toMatch(
      /USING INDEX person_edition_stats_editionId_stat_value_contests_personId_idx \(editionId=\? AND stat=\?\)/,
    );
    expect(board.plan).not.toContain("TEMP B-TREE");
    // The stat names come from the maintained edition_stat_names, not a GROUP BY over the totals.
    const scope = plans.find((p) => p.sql.includes("edition_stat_names"))!;
    expect(scope.plan).toMatch(/SEARCH n USING (COVERING )?INDEX \S+ \(editionId=\?\)/);
  });

  test("stat-board of a competition: the maintained totals, top rows off (competitionId, stat, value desc, …)", async () => {
    const plans = await plansOf(async () => {
      const scope = await repos.stats.competitionBoardScope(db, ids.competition);
      expect(scope?.stats.length).toBeGreaterThan(0);
      await repos.stats.statBoard(db, { competitionId: ids.competition }, "goals", 20);
    });
    expect(plans).toHaveLength(2);
    expectNoFullScan(plans);
    for (const p of plans)
      expect(p.plan, p.sql).not.toMatch(/^SCAN (editions|person_edition_stats|edition_stat_names)\b/m);
    const board = plans.find((p) => /ORDER BY .*value/.test(p.sql))!;
    expect(board.plan).toMatch(
      /USING INDEX competition_person_stats_competitionId_stat_value_contests_personId_idx \(competitionId=\? AND stat=\?\)/,
    );
    expect(board.plan).not.toContain("TEMP B-TREE");
  });

  test("standings: the maintained table, read in table order off (editionId, group, position)", async () => {
    const plans = await plansOf(() => repos.standings.listStandings(db, ids.edition));
    expectNoFullScan(plans);
    const table = plans.find((p) => p.sql.includes("standings"))!;
    expect(table.plan).toMatch(/USING INDEX standings_editionId_group_position_idx \(editionId=\?\)/);
    expect(table.plan).not.toContain("TEMP B-TREE");
  });
});
