// The data-access rule of docs/architecture.md, checked on every source file: the database client
// (Prisma's models, raw SQL) and the prepared statements of lib/platform/db/sql.ts are used only in
// repository files (lib/repos/*.ts, lib/<feature>/store.ts, lib/<feature>/store/*.ts) and the
// platform (lib/platform/db); the drivers only from the platform and the write paths measured faster on the
// driver itself.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/app";
import { RULES, violations } from "../support/layer-rules";

function sources(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) {
      if (!["node_modules", "generated", ".next"].includes(e.name)) sources(rel, out);
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

const ALL = [
  ...sources("app"),
  ...sources("components"),
  ...sources("lib"),
  ...sources("scripts"),
  ...sources("bin"),
  "server.ts",
];
/** The models' accessors (`db.apiKey`), from the schema, so any name for the client is caught. */
const MODELS = [
  ...fs.readFileSync(path.join(ROOT, "prisma/schema.prisma"), "utf8").matchAll(/^model (\w+)/gm),
].map((m) => m[1][0].toLowerCase() + m[1].slice(1));
const CLIENT_CALL = new RegExp(
  `\\b\\w+\\.(\\$queryRaw\\w*|\\$executeRaw\\w*|(${MODELS.join("|")})\\.(find\\w*|create\\w*|update\\w*|delete\\w*|upsert|count|aggregate|groupBy)\\b)`,
);
/** The prepared-statement helper's runners (lib/platform/db/sql.ts). */
const PREPARED_RUN = /import\s*\{[^}]*\b(sqlRows|statement|sqliteWriter)\b[^}]*\}\s*from\s*"[^"]*db\/sql"/;

/** Where the database is reached: repositories, the platform, and the driver write paths. */
const REPOSITORIES = [
  /^lib\/repos\/[^/]+\.ts$/,
  /^lib\/[a-z-]+\/store\.ts$/,
  /^lib\/[a-z-]+\/store\/[^/]+\.ts$/,
  /^lib\/platform\/db\//,
  /^lib\/usage\/(sqlite-write|write-worker)\.ts$/,
  /^lib\/seed\/insert\.ts$/,
];

const PENDING_MOVE: RegExp[] = [];

/**
 * Who imports the process-wide client (`db` from lib/platform/db.ts) instead of taking a `Db` parameter: the
 * edges (app/, scripts/, server.ts), the CLIs' commands (`lib/<feature>/cli.ts`), the three keyed
 * HTTP pipelines, the route wrappers, and these process-level services, each serving every request
 * of the process (key verification and its revocation listener, metering, the plan catalogue, the
 * data-version signal, the session and operator lookups of the route wrapper). A new module that
 * needs the database takes it as a parameter from its caller; this list only shrinks.
 */
const CLIENT_IMPORTERS = [
  /^(app|scripts|bin)\//,
  /^server\.ts$/,
  /^lib\/platform\/db(\.ts|\/)/,
  /^lib\/[a-z-]+\/cli\.ts$/,
  /^lib\/(api\/pipeline|ingest\/pipeline|replay\/http|auth\/route|consent\/route)\.ts$/,
  /^lib\/(keys\/verify|keys\/revocations|usage\/index|plans\/catalogue|events\/data-version|platform\/health)\.ts$/,
  /^lib\/(auth\/(credentials|session|options)|operator\/access|oauth\/access|workspaces\/member)\.ts$/,
  /^lib\/(ingest\/(links|commit|odds)|seed\/index|docs\/llms)\.ts$/,
];
const IMPORTS_CLIENT =
  /import\s*\{[^}]*\bdb\b[^}]*\}\s*from\s*"(\.\.?\/)+(lib\/)?(platform\/)?db"|from\s*"@\/lib\/platform\/db"/;
/**
 * The drivers: the platform, the two SQLite writer threads (metering flushes; the ingest API's odds
 * batches, which through Prisma on the event loop made the /v1 readers' p99 4.6x their no-ingest
 * figure in the ingest bench, 1.5x on the thread) and the seed's bulk insert.
 */
const DRIVERS_ALLOWED = [
  /^lib\/platform\/db\//,
  /^lib\/usage\/(sqlite-write|write-worker)\.ts$/,
  /^lib\/ingest\/store\/odds-(sqlite|worker)\.ts$/,
  /^lib\/seed\/insert\.ts$/,
];

const read = (f: string) => fs.readFileSync(path.join(ROOT, f), "utf8");

describe("one data-access rule", () => {
  const outsideRepositories = ALL.filter(
    (f) => !REPOSITORIES.some((r) => r.test(f)) && !PENDING_MOVE.some((r) => r.test(f)),
  );

  it("the pattern sees a client call under any name", () => {
    expect(CLIENT_CALL.test("await database.apiKey.findMany({})")).toBe(true);
    expect(CLIENT_CALL.test("tx.$executeRaw`UPDATE`")).toBe(true);
    expect(CLIENT_CALL.test("cache.entries.findLast()")).toBe(false);
    expect(PREPARED_RUN.test('import { sqlRows, type SqlRow } from "../db/sql";')).toBe(true);
    expect(PREPARED_RUN.test('import { dialectFor } from "../db/sql";')).toBe(false);
  });

  it("only repositories call the database client", () => {
    expect(outsideRepositories.filter((f) => CLIENT_CALL.test(read(f)))).toEqual([]);
  });

  it("only repositories run prepared statements (lib/platform/db/sql.ts)", () => {
    expect(outsideRepositories.filter((f) => PREPARED_RUN.test(read(f)))).toEqual([]);
  });

  it("the process-wide client is imported only where docs/architecture.md says", () => {
    expect(IMPORTS_CLIENT.test('import { db } from "../db";')).toBe(true);
    expect(IMPORTS_CLIENT.test('import type { Db } from "../db";')).toBe(false);
    const importers = ALL.filter((f) => IMPORTS_CLIENT.test(read(f)));
    expect(importers.length).toBeGreaterThan(10);
    expect(importers.filter((f) => !CLIENT_IMPORTERS.some((r) => r.test(f)))).toEqual([]);
  });

  it("the drivers are imported only by the platform and the measured write paths", () => {
    const offenders = ALL.filter(
      (f) => !DRIVERS_ALLOWED.some((r) => r.test(f)) && /from "(better-sqlite3|pg)"/.test(read(f)),
    );
    expect(offenders).toEqual([]);
  });

  it("one type for the client or a transaction", () => {
    const repeats = ALL.filter((f) => /\bDb \| Tx\b|TransactionClient/.test(read(f)));
    expect(repeats).toEqual(["lib/platform/db/client.ts"]);
  });
});

/**
 * Repository imports of another feature's module, known today; each is a piece that belongs in
 * the platform or in the caller. This list only shrinks.
 */
const REPOSITORY_IMPORTS_PENDING = [
  "lib/importers/store/odds.ts -> lib/events/changes.ts",
  "lib/ingest/store/odds-sqlite.ts -> lib/events/types.ts",
  "lib/ingest/store/odds-sqlite.ts -> lib/importers/odds-plan.ts",
  "lib/repos/editions.ts -> lib/sports/normalize.ts",
  "lib/repos/sports-admin.ts -> lib/audit/store.ts",
  "lib/repos/sports-admin.ts -> lib/importers/team-names.ts",
  "lib/repos/sports-admin.ts -> lib/sports/adjustments.ts",
  "lib/repos/sports-admin.ts -> lib/sports/normalize.ts",
  "lib/repos/sports-admin.ts -> lib/sports/standings.ts",
  "lib/usage/store.ts -> lib/requestlog/store.ts",
];

describe("the layer table (docs/architecture.md)", () => {
  const exists = (f: string) => fs.existsSync(path.join(ROOT, f));
  const libFiles = ALL.filter((f) => f.startsWith("lib/"));
  const found = violations(Object.fromEntries(libFiles.map((f) => [f, read(f)])), exists).map(
    (v) => `${v.from} -> ${v.to}`,
  );

  it("every import of lib/ keeps the rules, the pending repository imports aside", () => {
    expect(found.filter((v) => !REPOSITORY_IMPORTS_PENDING.includes(v))).toEqual([]);
  });

  it("the pending list names only imports that are still there", () => {
    expect(REPOSITORY_IMPORTS_PENDING.filter((v) => !found.includes(v))).toEqual([]);
  });

  it.each([
    ["a feature importing /v1", "lib/keys/x.ts", 'import { routes } from "../api/routes";', RULES[0]],
    [
      "a feature importing the ingest API by alias",
      "lib/events/x.ts",
      'import("@/lib/ingest/cli")',
      RULES[0],
    ],
    [
      "a repository importing a feature",
      "lib/keys/store.ts",
      'import { x } from "../usage/meter";',
      RULES[1],
    ],
    [
      "the platform importing a feature",
      "lib/platform/x.ts",
      'import { y } from "../keys/format";',
      RULES[2],
    ],
    ["/mcp importing the /v1 pipeline", "lib/mcp/x.ts", 'import { h } from "../api/pipeline";', RULES[3]],
  ])("reports %s", (_what, file, text, rule) => {
    expect(violations({ [file]: text }, exists)).toEqual([
      expect.objectContaining({ rule: rule.name, from: file }),
    ]);
  });

  it("lets each layer import downward", () => {
    const planted = {
      "lib/keys/x.ts": 'import { ApiError } from "../platform/errors";\nimport { y } from "./format";',
      "lib/keys/store.ts": 'import type { Db } from "../platform/db";\nimport type { K } from "./caller";',
      "lib/api/x.ts": 'import { createApiKey } from "../keys/service";',
      "lib/mcp/x.ts": 'import { inProcessFetch } from "../api/adapters/in-process";',
    };
    expect(violations(planted, exists)).toEqual([]);
  });
});
