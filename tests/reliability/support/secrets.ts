import Database from "better-sqlite3";
import type { Db } from "../../../lib/platform/db/client";

/** Any full API key, whoever created it. */
export const FULL_KEY = /sk_(?:live|test)_[0-9A-Za-z]{32}/;
/** A password or PKCE verifier written as a field with a value that is not the redaction marker. */
const SECRET_FIELD = /"?(?:password|code_verifier|codeVerifier)"?\s*[:=]\s*"?(?!\[redacted\])[^\s",}]{6,}/i;

/** Every text value of every table of a PostgreSQL database, as one string (the "dump"). */
export async function dumpPostgres(db: Db): Promise<string> {
  const columns = await db.$queryRawUnsafe<{ table_name: string; column_name: string }[]>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb')`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const parts: string[] = [];
  for (const [table, cols] of byTable) {
    const select = cols.map((c) => `"${c}"::text`).join(", ");
    const rows = await db.$queryRawUnsafe<Record<string, string | null>[]>(
      `SELECT ${select} FROM "${table}"`,
    );
    for (const row of rows) parts.push(`${table}\t${Object.values(row).join("\t")}`);
  }
  return parts.join("\n");
}

/** Same for a SQLite file (the e2e database). */
export function dumpSqlite(file: string): string {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const parts: string[] = [];
    const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    for (const { name } of tables) {
      const cols = (
        sqlite.prepare(`PRAGMA table_info("${name}")`).all() as { name: string; type: string }[]
      ).filter((c) => /char|text|clob|json|^$/i.test(c.type));
      if (!cols.length) continue;
      const rows = sqlite
        .prepare(`SELECT ${cols.map((c) => `"${c.name}"`).join(", ")} FROM "${name}"`)
        .raw()
        .all() as unknown[][];
      for (const row of rows) parts.push(`${name}\t${row.join("\t")}`);
    }
    return parts.join("\n");
  } finally {
    sqlite.close();
  }
}

/**
 * Findings: full keys, password/verifier fields with a value, and any of the given secrets
 * (keys, passwords and verifiers the tests used) verbatim. Empty means clean.
 */
export function findSecrets(sources: { name: string; text: string }[], secrets: string[]): string[] {
  const hits: string[] = [];
  const known = secrets.filter((s) => s.length >= 6);
  for (const { name, text } of sources) {
    const key = FULL_KEY.exec(text);
    if (key) hits.push(`${name}: full API key ${key[0].slice(0, 16)}…`);
    const field = SECRET_FIELD.exec(text);
    if (field) hits.push(`${name}: secret field ${field[0].slice(0, 24)}…`);
    for (const secret of known)
      if (text.includes(secret)) hits.push(`${name}: a secret used by the tests (${secret.slice(0, 4)}…)`);
  }
  return hits;
}
