import type { Dialect, SqlRow } from "./sql";

/**
 * Named columns of one SELECT, declared once: the list's SQL, each column's position (`at.name`,
 * for the response writers) and the row's tuple type (`RowOf`) all come from one declaration, so
 * adding a field is one line and no index is counted by hand. Rows stay positional arrays (what
 * the drivers return in `raw`/array mode; building objects per row cost more in the bench's
 * list endpoints), only their layout is named.
 */
export interface Col<N extends string = string, T = unknown> {
  readonly name: N;
  readonly sql: (d: Dialect) => string;
  /** A date-time the SQL formats with `d.iso` and the row converts with `d.isoValue`. */
  readonly iso: boolean;
  /** The value's type in the row; never set (types only). */
  readonly type?: T;
}

const make =
  <T>(iso = false) =>
  <N extends string>(name: N, sql: string | ((d: Dialect) => string)): Col<N, T> => ({
    name,
    sql: typeof sql === "string" ? () => sql : sql,
    iso,
  });

/** Column kinds by the JavaScript value a row holds. */
export const c = {
  int: make<number>(),
  intOrNull: make<number | null>(),
  text: make<string>(),
  textOrNull: make<string | null>(),
  /** SQLite answers 0/1, PostgreSQL true/false. */
  boolOrNull: make<boolean | number | null>(),
  /** ISO-8601 UTC text ("…T09:00:00.000Z"): `sql` is the bare column, wrapped in `d.iso` here. */
  iso: <N extends string>(name: N, column: string): Col<N, string> => ({
    name,
    sql: (d) => d.iso(column),
    iso: true,
  }),
};

/** The tuple a row of these columns is. */
export type RowOf<C extends readonly Col[]> = {
  -readonly [I in keyof C]: C[I] extends Col<string, infer T> ? T : never;
};

export interface Columns<C extends readonly Col[]> {
  readonly cols: C;
  /** Each column's position in the row. */
  readonly at: { readonly [K in C[number]["name"]]: number };
  /** The SELECT list, in declaration order. */
  list(d: Dialect): string;
  /** Converts the date-time cells to ISO-8601 text in place (the rows are the caller's own). */
  rows(d: Dialect, rows: SqlRow[]): RowOf<C>[];
}

export function columns<const C extends readonly Col[]>(...cols: C): Columns<C> {
  const at: Record<string, number> = {};
  cols.forEach((col, i) => {
    if (col.name in at) throw new Error(`columns: ${col.name} is declared twice`);
    at[col.name] = i;
  });
  const isoAt = cols.flatMap((col, i) => (col.iso ? [i] : []));
  return {
    cols,
    at: at as Columns<C>["at"],
    list: (d) => cols.map((col) => col.sql(d)).join(", "),
    rows: (d, rows) => {
      if (isoAt.length) for (const r of rows) for (const i of isoAt) r[i] = d.isoValue(r[i]);
      return rows as RowOf<C>[];
    },
  };
}
