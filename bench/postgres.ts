// The PostgreSQL bench databases: the same seed as the SQLite ones (the generator is
// deterministic, so ids, names and boards match), created on the local server (127.0.0.1:5432,
// trust auth) and reused while their content stamp matches.
import { execFileSync } from "node:child_process";
import pg from "pg";
import { contentStamp, runScript, type BenchDb } from "./datasets";

const HOST = process.env.PGHOST ?? "127.0.0.1";
const PORT = process.env.PGPORT ?? "5432";
const USER = process.env.PGUSER ?? "postgres";
const PG_ARGS = ["-h", HOST, "-p", PORT, "-U", USER];

async function query<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function storedStamp(url: string): Promise<string | null> {
  try {
    const rows = await query<{ value: string }>(
      url,
      `SELECT value FROM system_state WHERE key = 'bench_stamp'`,
    );
    return rows[0]?.value ?? null;
  } catch {
    return null; // no database or no table yet
  }
}

/**
 * Extends the history of the lowest-id contest to `rows` points, like bench/topup.ts does for
 * SQLite: books of 8 points sharing one observedAt, 30 s apart, older than any existing point.
 */
async function extendOddsHistory(url: string, rows: number): Promise<void> {
  await query(
    url,
    `WITH c AS (SELECT id FROM contests ORDER BY id LIMIT 1),
          have AS (SELECT count(*)::int AS n, min("observedAt") AS first FROM odds_points WHERE "contestId" = (SELECT id FROM c)),
          book(k, bookmaker, market, selection) AS (VALUES
            (0, 'pinnacle', 'h2h', 'home'), (1, 'pinnacle', 'h2h', 'draw'), (2, 'pinnacle', 'h2h', 'away'),
            (3, 'bet365', 'h2h', 'home'), (4, 'bet365', 'h2h', 'draw'), (5, 'bet365', 'h2h', 'away'),
            (6, 'betfair_ex_eu', 'totals', 'over'), (7, 'betfair_ex_eu', 'totals', 'under'))
     INSERT INTO odds_points ("contestId", "personId", bookmaker, market, selection, line, price, "observedAt", "isClosing")
     SELECT (SELECT id FROM c), NULL, b.bookmaker, b.market, b.selection,
            CASE WHEN b.market = 'totals' THEN 2.5 END, 1.5 + ((i * 7919) % 250) / 100.0,
            (SELECT first FROM have) - ((i / 8) + 1) * interval '30 seconds', false
     FROM generate_series(0, $1::int - (SELECT n FROM have) - 1) AS i JOIN book b ON b.k = i % 8`,
    [rows],
  );
  await query(url, "ANALYZE");
}

/** The seed at `scale` on PostgreSQL with the long odds history; `sqliteFile` is its SQLite twin. */
export async function ensurePgBenchDb(
  scale: number,
  deepRows: number,
  sqliteFile: string,
  log: (msg: string) => void,
): Promise<BenchDb> {
  // BENCH_PG_SUFFIX keeps a branch's bench database apart from the shared one (its migrations differ).
  const name = `statline_bench_s${String(scale).replace(/\W/g, "_")}${process.env.BENCH_PG_SUFFIX ?? ""}`;
  const url = `postgresql://${USER}@${HOST}:${PORT}/${name}`;
  const stamp = contentStamp(`pg seed --scale ${scale}, odds history of ${deepRows} rows`);
  if ((await storedStamp(url)) === stamp) return { scale, url, file: sqliteFile, seedSeconds: 0 };
  log(`building PostgreSQL database ${name}: seed --scale ${scale}, odds history of ${deepRows} rows…`);
  const started = Date.now();
  execFileSync("dropdb", [...PG_ARGS, "--if-exists", "--force", name], { stdio: "ignore" });
  execFileSync("createdb", [...PG_ARGS, name], { stdio: ["ignore", "ignore", "inherit"] });
  runScript(url, "scripts/migrate.ts");
  runScript(url, "scripts/seed.ts", "--scale", String(scale), "--quiet");
  await extendOddsHistory(url, deepRows);
  await query(
    url,
    `INSERT INTO system_state (key, value, "updatedAt") VALUES ('bench_stamp', $1, now())
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [stamp],
  );
  const seconds = (Date.now() - started) / 1000;
  log(`  built in ${seconds.toFixed(1)} s`);
  return { scale, url, file: sqliteFile, seedSeconds: seconds };
}
