import type Database from "better-sqlite3";

/** A set of named statements, prepared on one connection. */
export type PreparedSet<K extends string> = { [N in K]: Database.Statement };

/**
 * Returns a function that prepares `sql`'s statements once per connection (the writer threads'
 * batches run them once per row; preparing per batch would parse every statement again).
 */
export function preparedOnce<K extends string>(
  sql: Readonly<Record<K, string>>,
): (conn: Database.Database) => PreparedSet<K> {
  const byConn = new WeakMap<Database.Database, PreparedSet<K>>();
  return (conn) => {
    let p = byConn.get(conn);
    if (!p) {
      const entries = (Object.keys(sql) as K[]).map((k) => [k, conn.prepare(sql[k])] as const);
      p = Object.fromEntries(entries) as PreparedSet<K>;
      byConn.set(conn, p);
    }
    return p;
  };
}
