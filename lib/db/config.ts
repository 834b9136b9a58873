import path from "node:path";

export type Provider = "sqlite" | "postgresql";

/** The embedded default: a SQLite file under the git-ignored data/ folder. */
export const DEFAULT_DATABASE_URL = "file:./data/statline.db";

export function databaseUrl(): string {
  return process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
}

export function providerOf(url: string): Provider {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL)`);
}

/** SQLite's name for a private in-memory database (the schema engine's scratch database). */
export const SQLITE_MEMORY = ":memory:";

/**
 * Absolute path of a SQLite file: URL, resolved against the working directory; `file::memory:`
 * stays `:memory:` (resolving it used to create a real file named ":memory:" in the checkout).
 */
export function sqliteFilePath(url: string): string {
  const file = url.slice("file:".length).split("?")[0];
  return file === SQLITE_MEMORY ? SQLITE_MEMORY : path.resolve(process.cwd(), file);
}

/** Where each provider's schema and migrations live; prisma/schema.prisma is the source of truth. */
export function prismaPaths(provider: Provider) {
  const root = path.resolve(process.cwd(), "prisma");
  const dir = provider === "sqlite" ? root : path.join(root, "postgres");
  return {
    schema: path.join(dir, "schema.prisma"),
    migrations: path.join(dir, "migrations"),
    snapshot: path.join(dir, "migrations", "schema.snapshot.prisma"),
  };
}
