import type { Db } from "../platform/db";
import { dialect, sqlRows, type Dialect, type SqlParam } from "../platform/db/sql";

export type OddsScope = { kind: "contest" | "person"; id: number };
export interface OddsFilter {
  bookmaker?: string;
  market?: string;
  selection?: string;
  /** Exclusive window ends. */
  before?: Date;
  after?: Date;
}
/** A point's place in newest-first order: (observedAt desc, id desc). */
export interface Position {
  t: Date;
  id: number;
}

/**
 * One odds point as a row: [id, contestId, personId, bookmaker, market, selection, line, price,
 * observedAt (ISO-8601 UTC text), isClosing (0/1 or boolean)].
 */
export type OddsTuple = [
  number,
  number,
  number | null,
  string,
  string,
  string,
  number | null,
  number,
  string,
  number | boolean,
];
export const T = 8;

/**
 * The WHERE clause and its parameters. Built from fixed fragments (never from input text), so a
 * scope has a few dozen shapes at most, each prepared once by lib/platform/db/sql.ts.
 */
function where(d: Dialect, scope: OddsScope, f: OddsFilter, params: SqlParam[]): string {
  const parts = [scope.kind === "contest" ? `"contestId" = ?` : `"personId" = ?`];
  params.push(scope.id);
  for (const col of ["bookmaker", "market", "selection"] as const) {
    const v = f[col];
    if (v === undefined) continue;
    parts.push(`"${col}" = ?`);
    params.push(v);
  }
  if (f.before) {
    parts.push(`"observedAt" < ?`);
    params.push(d.at(f.before));
  }
  if (f.after) {
    parts.push(`"observedAt" > ?`);
    params.push(d.at(f.after));
  }
  return parts.join(" AND ");
}

const columns = (d: Dialect) =>
  `"id", "contestId", "personId", "bookmaker", "market", "selection", "line", "price", ${d.iso(`"observedAt"`)}, "isClosing"`;

/** observedAt as ISO-8601 UTC text (converted in place: the rows are this call's own arrays). */
function withIso(d: Dialect, rows: unknown[][]): OddsTuple[] {
  for (const r of rows) r[T] = d.isoValue(r[T]);
  return rows as OddsTuple[];
}

/**
 * Rows strictly after `pos` in newest-first order, in one statement. Written as `observedAt <= t
 * AND (observedAt < t OR id < lastId)` so the (scope, observedAt desc, id desc) index seeks
 * straight to the position: page k costs what page 1 costs.
 */
export async function oddsAfter(
  db: Db,
  scope: OddsScope,
  f: OddsFilter,
  pos: Position | null,
  take: number,
): Promise<OddsTuple[]> {
  const d = dialect(db);
  const params: SqlParam[] = [];
  let cond = where(d, scope, f, params);
  if (pos) {
    const t = d.at(pos.t);
    cond += ` AND "observedAt" <= ? AND ("observedAt" < ? OR "id" < ?)`;
    params.push(t, t, pos.id);
  }
  params.push(take);
  const text = `SELECT ${columns(d)} FROM "odds_points" WHERE ${cond} ORDER BY "observedAt" DESC, "id" DESC LIMIT ${d.limit}`;
  return withIso(d, await sqlRows(db, text, params));
}

/** Every row observed in [from, to) for the scope and filters (part of one downsampling bucket). */
export async function oddsInWindow(
  db: Db,
  scope: OddsScope,
  f: OddsFilter,
  from: Date,
  to: Date,
): Promise<OddsTuple[]> {
  const params: SqlParam[] = [];
  const d = dialect(db);
  const cond = `${where(d, scope, f, params)} AND "observedAt" >= ? AND "observedAt" < ?`;
  params.push(d.at(from), d.at(to));
  return withIso(d, await sqlRows(db, `SELECT ${columns(d)} FROM "odds_points" WHERE ${cond}`, params));
}
