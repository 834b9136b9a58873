// What each benchmark run requests, discovered from the seeded database so every scale gets
// comparable requests: search terms sampled evenly over all persons, the deepest odds history,
// the editions with the largest stat tables.
import Database from "better-sqlite3";
import type { RequestSpec } from "autocannon";

export interface Scenario {
  name: string;
  /** First request path (also the only one when `requests` is unset). */
  path: string;
  /** Every path `requests` cycles through (for the paced load). */
  paths?: string[];
  requests?: RequestSpec[];
  detail: string;
}

/** Cycles through paths, one per request, over all connections. */
function cycling(paths: string[]): RequestSpec[] {
  let i = 0;
  return [{ method: "GET", setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
}

interface ProbeBody {
  data?: { next_cursor?: string | null };
  error?: { code: string; message: string };
}

export async function probe(
  baseUrl: string,
  key: string,
  path: string,
): Promise<{ status: number; body: ProbeBody | null; missing: boolean }> {
  const res = await fetch(baseUrl + path, { headers: { "x-api-key": key } });
  const body = (await res.json().catch(() => null)) as ProbeBody | null;
  const missing = res.status === 404 && /No endpoint/.test(body?.error?.message ?? "");
  return { status: res.status, body, missing };
}

const open = (file: string) => new Database(file, { readonly: true, fileMustExist: true });

/** Search terms a user would type: a full surname, a 3-letter prefix, "first last" prefixes. */
export function searchScenario(file: string, count = 300): Scenario & { persons: number } {
  const db = open(file);
  try {
    const persons = (db.prepare("SELECT count(*) AS n FROM persons").get() as { n: number }).n;
    const step = Math.max(1, Math.floor(persons / count));
    const rows = db
      .prepare("SELECT id, nameNormalized AS name FROM persons WHERE id % ? = 0 ORDER BY id LIMIT ?")
      .all(step, count) as { id: number; name: string }[];
    const terms = rows.map(({ name }, i) => {
      const words = name.split(/[^0-9a-z]+/).filter(Boolean);
      const last = words[words.length - 1] ?? name;
      if (i % 3 === 0) return last;
      if (i % 3 === 1) return last.slice(0, 3);
      return words.length > 1 ? `${words[0].slice(0, 4)} ${last.slice(0, 5)}` : last;
    });
    const paths = (terms.length ? terms : ["a"]).map((t) => `/v1/persons?q=${encodeURIComponent(t)}`);
    return {
      name: "persons search",
      path: paths[0],
      paths,
      requests: cycling(paths),
      persons,
      detail: `${paths.length} terms over ${persons} persons`,
    };
  } finally {
    db.close();
  }
}

export interface OddsScenarios {
  page1: Scenario;
  deep: Scenario | null;
  scopeRows: number;
  depth: number;
}

/**
 * The scope (contest or person) with the longest odds history; page 1 against a cursor page
 * `depth` rows down, reached the way a client would: a `before` window, then its next_cursor.
 */
export async function oddsScenarios(
  file: string,
  baseUrl: string,
  key: string,
  wantDepth: number,
  limit = 100,
): Promise<OddsScenarios | null> {
  const db = open(file);
  try {
    const pick = (col: string) =>
      db
        .prepare(
          `SELECT ${col} AS id, count(*) AS n FROM odds_points WHERE ${col} IS NOT NULL GROUP BY ${col} ORDER BY n DESC LIMIT 1`,
        )
        .get() as { id: number; n: number } | undefined;
    const contest = pick("contestId");
    const person = pick("personId");
    if (!contest && !person) return null;
    const usePerson = person && (!contest || person.n > contest.n);
    const { id, n } = (usePerson ? person : contest)!;
    const col = usePerson ? "personId" : "contestId";
    const base = `/v1/${usePerson ? "persons" : "contests"}/${id}/odds/history`;
    const depth = Math.min(wantDepth, Math.max(0, n - 2 * limit));
    const at = db
      .prepare(
        `SELECT observedAt AS t FROM odds_points WHERE ${col} = ? ORDER BY observedAt DESC, id DESC LIMIT 1 OFFSET ?`,
      )
      .get(id, depth) as { t: string } | undefined;
    const page1: Scenario = {
      name: "odds page 1",
      path: `${base}?limit=${limit}`,
      detail: `${col}=${id}, ${n} points`,
    };
    if (!at) return { page1, deep: null, scopeRows: n, depth: 0 };
    // Ties at the window edge are fine: the cursor continues exactly after the first page.
    const before = new Date(at.t).toISOString();
    const windowPath = `${base}?limit=1&before=${encodeURIComponent(before)}`;
    const first = await probe(baseUrl, key, windowPath);
    const cursor = first.body?.data?.next_cursor;
    if (first.status !== 200 || !cursor) return { page1, deep: null, scopeRows: n, depth };
    const deepPath = `${base}?limit=${limit}&before=${encodeURIComponent(before)}&cursor=${encodeURIComponent(cursor)}`;
    const deep: Scenario = {
      name: "odds deep page",
      path: deepPath,
      detail: `cursor ~${depth} rows into ${n}`,
    };
    return { page1, deep, scopeRows: n, depth };
  } finally {
    db.close();
  }
}

/** The stat-board of the editions with the most stat rows, cycling over them and their stats. */
export function statBoardScenario(file: string, count = 20): Scenario | null {
  const db = open(file);
  try {
    const rows = db
      .prepare(
        "SELECT editionId AS e, stat AS s, count(*) AS n FROM person_edition_stats GROUP BY editionId, stat ORDER BY n DESC LIMIT ?",
      )
      .all(count) as { e: number; s: string; n: number }[];
    if (rows.length === 0) return null;
    const paths = rows.map((r) => `/v1/analysis/stat-board?edition=${r.e}&stat=${encodeURIComponent(r.s)}`);
    return {
      name: "stat-board",
      path: paths[0],
      paths,
      requests: cycling(paths),
      detail: `${rows.length} boards, up to ${rows[0].n} rows each`,
    };
  } finally {
    db.close();
  }
}
