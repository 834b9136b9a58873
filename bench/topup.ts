// Bench-only data the seed does not produce at a size that fits on disk: one contest with a very
// long odds history (so a cursor can sit ~1M rows deep) and a persons table of 100k for the search
// target. Both are written straight into the bench's own SQLite files, never the app's database.
import Database from "better-sqlite3";
import { nameTokens, normalizeName } from "../lib/sports/normalize";

const BOOK = [
  ["pinnacle", "h2h", "home"],
  ["pinnacle", "h2h", "draw"],
  ["pinnacle", "h2h", "away"],
  ["bet365", "h2h", "home"],
  ["bet365", "h2h", "draw"],
  ["bet365", "h2h", "away"],
  ["betfair_ex_eu", "totals", "over"],
  ["betfair_ex_eu", "totals", "under"],
] as const;

/**
 * Extends the history of the lowest-id contest backwards in time to `rows` points: books of 8
 * points sharing one observedAt (as real feeds write them), 30 s apart, older than any existing
 * point. Returns the contest id.
 */
export function extendOddsHistory(file: string, rows: number): number {
  const db = new Database(file);
  try {
    const contest = db.prepare("SELECT id FROM contests ORDER BY id LIMIT 1").get() as
      { id: number } | undefined;
    if (!contest) throw new Error("no contest to extend");
    const have = db
      .prepare("SELECT count(*) AS n, min(observedAt) AS first FROM odds_points WHERE contestId = ?")
      .get(contest.id) as { n: number; first: string | null };
    let t = (have.first ? Date.parse(have.first) : Date.now()) - 30_000;
    const insert = db.prepare(
      "INSERT INTO odds_points (contestId, personId, bookmaker, market, selection, line, price, observedAt, isClosing) VALUES (?, NULL, ?, ?, ?, ?, ?, ?, 0)",
    );
    db.transaction(() => {
      for (let added = have.n; added < rows; t -= 30_000) {
        const at = new Date(t).toISOString().replace("Z", "+00:00");
        for (const [bookmaker, market, selection] of BOOK) {
          if (added++ >= rows) break;
          const price = 1.5 + ((added * 7919) % 250) / 100;
          insert.run(contest.id, bookmaker, market, selection, market === "totals" ? 2.5 : null, price, at);
        }
      }
    })();
    return contest.id;
  } finally {
    db.close();
  }
}

/**
 * Copies the persons of a seeded database into `file` (already migrated) and adds persons whose
 * names recombine the seed's first and last names until there are `target`, with name tokens
 * made by the app's own normaliser. Only search reads this database.
 */
export function personsDatabase(file: string, source: string, target: number): number {
  const db = new Database(file);
  try {
    db.prepare("ATTACH DATABASE ? AS src").run(source);
    db.exec(
      "INSERT INTO persons SELECT * FROM src.persons; INSERT INTO person_name_tokens SELECT * FROM src.person_name_tokens;",
    );
    const firsts = (
      db
        .prepare("SELECT DISTINCT firstName AS v FROM src.persons WHERE firstName IS NOT NULL ORDER BY v")
        .all() as { v: string }[]
    ).map((r) => r.v);
    const lasts = (
      db
        .prepare("SELECT DISTINCT lastName AS v FROM src.persons WHERE lastName IS NOT NULL ORDER BY v")
        .all() as { v: string }[]
    ).map((r) => r.v);
    db.exec("DETACH DATABASE src");
    let count = (db.prepare("SELECT count(*) AS n FROM persons").get() as { n: number }).n;
    const person = db.prepare(
      "INSERT INTO persons (name, nameNormalized, firstName, lastName, nationality, position, sport, externalRef) VALUES (?, ?, ?, ?, NULL, NULL, 'football', ?)",
    );
    const token = db.prepare("INSERT OR IGNORE INTO person_name_tokens (token, personId) VALUES (?, ?)");
    db.transaction(() => {
      for (let i = 0; count < target; i++, count++) {
        const first = firsts[(i * 7919) % firsts.length];
        const last = lasts[(i * 104_729 + Math.floor(i / firsts.length)) % lasts.length];
        const name = `${first} ${last}`;
        const id = Number(person.run(name, normalizeName(name), first, last, `bench:${i}`).lastInsertRowid);
        for (const t of nameTokens(name)) token.run(t, id);
      }
    })();
    return count;
  } finally {
    db.close();
  }
}
