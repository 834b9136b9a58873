import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { adapterFor } from "./adapter";
import { prismaPaths, providerOf, type Provider } from "./config";

// Prisma's own WASM build of the schema engine: migrations without downloading a native binary.
type Engine = {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
};
type EngineModule = {
  SchemaEngine: { new: (opts: unknown, log: (msg: string) => void, adapter: object) => Promise<Engine> };
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

let loaded: Promise<EngineModule> | undefined;

async function loadEngineModule(): Promise<EngineModule> {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve("@prisma/schema-engine-wasm"));
  const bg = (await import(path.join(dir, "schema_engine_bg.js"))) as EngineModule;
  const bytes = fs.readFileSync(path.join(dir, "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg as never });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return bg;
}

const NO_FILTER = { externalTables: [], externalEnums: [] };

async function withEngine<T>(
  url: string | null,
  schemaPath: string,
  fn: (e: Engine) => Promise<T>,
): Promise<T> {
  const mod = await (loaded ??= loadEngineModule());
  const datamodel = fs.readFileSync(schemaPath, "utf8");
  // A diff between two datamodels needs no database; an in-memory SQLite stands in.
  const factory = adapterFor(url ?? "file::memory:");
  // engine.free() does not close the connections it opened; a still-open SQLite handle keeps its
  // lock and the next client in this process gets SQLITE_BUSY, so track and dispose them here.
  const opened: { dispose(): Promise<void> }[] = [];
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const conn = await connect();
    opened.push(conn);
    return conn;
  };
  const adapter = bindMigrationAwareSqlAdapterFactory(factory as never);
  const engine = await mod.SchemaEngine.new({ datamodels: [[schemaPath, datamodel]] }, () => {}, adapter);
  try {
    return await fn(engine);
  } finally {
    engine.free();
    for (const conn of opened) await conn.dispose().catch(() => {});
  }
}

/** The provider's migrations, or those named before `before` (an upgrade test's older schema). */
export function readMigrations(provider: Provider, before?: string) {
  const { migrations } = prismaPaths(provider);
  const dirs = fs.existsSync(migrations)
    ? fs
        .readdirSync(migrations, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .filter((name) => before === undefined || name < before)
        .sort()
    : [];
  const lockPath = path.join(migrations, "migration_lock.toml");
  return {
    baseDir: migrations,
    lockfile: {
      path: "migration_lock.toml",
      content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: fs.readFileSync(path.join(migrations, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

/**
 * Applies the repo's migrations for the URL's provider (only those named before `before` when
 * given); idempotent. Returns the names applied now.
 */
export async function applyMigrations(url: string, before?: string): Promise<string[]> {
  const provider = providerOf(url);
  const { schema } = prismaPaths(provider);
  const out = await withEngine(url, schema, (e) =>
    e.applyMigrations({ migrationsList: readMigrations(provider, before), filters: NO_FILTER }),
  );
  return out.appliedMigrationNames;
}

/** SQL that takes a database from schema `fromPath` (or nothing) to schema `toPath`. */
export async function diffSchemas(fromPath: string | null, toPath: string): Promise<string> {
  const files = (p: string) => ({ files: [{ path: p, content: fs.readFileSync(p, "utf8") }] });
  const out = await withEngine(null, toPath, (e) =>
    e.diff({
      from: fromPath ? { tag: "schemaDatamodel", ...files(fromPath) } : { tag: "empty" },
      to: { tag: "schemaDatamodel", ...files(toPath) },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    }),
  );
  return out.exitCode === 2 ? (out.stdout ?? "") : "";
}
