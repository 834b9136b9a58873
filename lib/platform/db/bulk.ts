import type { DbOrTx } from "./client";
import { sqliteDateTime, type Provider } from "./config";

/**
 * Set-based inserts of many rows through the Prisma client (so they join its transaction): the
 * rows travel as one JSON parameter per batch and the database unpacks them (SQLite `json_each`,
 * PostgreSQL `json_array_elements`). Prisma's createMany costs ~110 µs a row on SQLite (see
 * lib/seed/insert.ts); one statement per few thousand rows costs a few µs a row on both engines.
 */
export type ColumnType = "int" | "text" | "real" | "bool" | "time";
export type Column = readonly [name: string, type: ColumnType];
export type Cell = string | number | boolean | Date | null;

const BATCH = 4000;

const PG_CAST: Record<ColumnType, string> = {
  int: "::int",
  text: "",
  real: "::float8",
  bool: "::boolean",
  time: "::timestamp(3)",
};

const cell = (provider: Provider, v: Cell): string | number | boolean | null =>
  v instanceof Date ? (provider === "sqlite" ? sqliteDateTime(v) : v.toISOString()) : v;

const expr = (provider: Provider, type: ColumnType, i: number) =>
  provider === "sqlite" ? `json_extract(value, '$[${i}]')` : `(x->>${i})${PG_CAST[type]}`;

const selectList = (provider: Provider, cols: readonly Column[]): string =>
  cols.map(([, type], i) => expr(provider, type, i)).join(", ");

const from = (provider: Provider) =>
  provider === "sqlite" ? `json_each(?)` : `json_array_elements($1::json) x`;

/**
 * INSERT INTO `table` (cols) the rows; `tail` is appended verbatim (e.g. `ON CONFLICT … DO NOTHING`
 * or `RETURNING "id", "externalRef"`). Returns what RETURNING gave, in no particular order.
 */
export async function insertRows<R = Record<string, unknown>>(
  db: DbOrTx,
  provider: Provider,
  table: string,
  cols: readonly Column[],
  rows: Cell[][],
  tail = "",
): Promise<R[]> {
  const out: R[] = [];
  const names = cols.map(([n]) => `"${n}"`).join(", ");
  // SQLite: "INSERT … SELECT … ON CONFLICT" needs a WHERE to parse the upsert clause.
  const where = provider === "sqlite" && /ON CONFLICT/i.test(tail) ? " WHERE true" : "";
  const sql = `INSERT INTO "${table}" (${names}) SELECT ${selectList(provider, cols)} FROM ${from(provider)}${where} ${tail}`;
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(rows.slice(i, i + BATCH).map((r) => r.map((v) => cell(provider, v))));
    if (/RETURNING/i.test(tail)) out.push(...(await db.$queryRawUnsafe<R[]>(sql, json)));
    else await db.$executeRawUnsafe(sql, json);
  }
  return out;
}

/**
 * UPDATE `table` SET cols FROM the rows, matched on the `key` columns (the first ones of `cols`).
 */
export async function updateRows(
  db: DbOrTx,
  provider: Provider,
  table: string,
  cols: readonly Column[],
  keys: number,
  rows: Cell[][],
): Promise<void> {
  const alias = cols.map(([n, type], i) => `${expr(provider, type, i)} AS "${n}"`);
  const src = `(SELECT ${alias.join(", ")} FROM ${from(provider)}) s`;
  const set = cols
    .slice(keys)
    .map(([n]) => `"${n}" = s."${n}"`)
    .join(", ");
  const match = cols
    .slice(0, keys)
    .map(([n]) => `"${table}"."${n}" = s."${n}"`)
    .join(" AND ");
  const sql = `UPDATE "${table}" SET ${set} FROM ${src} WHERE ${match}`;
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(rows.slice(i, i + BATCH).map((r) => r.map((v) => cell(provider, v))));
    await db.$executeRawUnsafe(sql, json);
  }
}
