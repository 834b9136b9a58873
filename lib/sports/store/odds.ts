import type { Db } from "../../platform/db";
import { c, columns, type RowOf } from "../../platform/db/columns";
import { dialect, sqlRows, type Dialect, type SqlParam } from "../../platform/db/sql";

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

/** One odds point. */
export const ODDS = columns(
  c.int("id", '"id"'),
  c.int("contestId", '"contestId"'),
  c.intOrNull("personId", '"personId"'),
  c.text("bookmaker", '"bookmaker"'),
  c.text("market", '"market"'),
  c.text("selection", '"selection"'),
  c.numOrNull("line", '"line"'),
  c.num("price", '"price"'),
  c.iso("observedAt", '"observedAt"'),
  c.bool("isClosing", '"isClosing"'),
);
export type OddsTuple = RowOf<typeof ODDS.cols>;

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
  const text = `SELECT ${ODDS.list(d)} FROM "odds_points" WHERE ${cond} ORDER BY "observedAt" DESC, "id" DESC LIMIT ${d.limit}`;
  return ODDS.rows(d, await sqlRows(db, text, params));
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
  return ODDS.rows(d, await sqlRows(db, `SELECT ${ODDS.list(d)} FROM "odds_points" WHERE ${cond}`, params));
}
