// The data-access rule of docs/architecture.md, checked on every source file: the database is
// reached only from lib/ (features' store functions and lib/repos), never from pages, components,
// route handlers or the /v1 HTTP surface; the drivers only from the platform (lib/db) and the two
// write paths measured faster on the driver itself.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/app";

function sources(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) {
      if (!["node_modules", "generated", ".next"].includes(e.name)) sources(rel, out);
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

const ALL = [...sources("app"), ...sources("components"), ...sources("lib"), "server.ts"];
const CLIENT_CALL =
  /\b(db|tx|prisma)\.(\$queryRaw|\$executeRaw|[a-z][A-Za-z]+\.(find\w*|create\w*|update\w*|delete\w*|upsert|count|aggregate|groupBy))\b/;
/** Edges and HTTP surfaces: they call services and repositories, never the client. */
const NO_DATABASE = [
  /^app\//,
  /^components\//,
  /^server\.ts$/,
  /^lib\/api\/(?!.*\.test\.ts$)/,
  /^lib\/auth\/route\.ts$/,
];
/**
 * The drivers: the platform, the two SQLite writer threads (metering flushes; the ingest API's odds
 * batches, which through Prisma on the event loop made the /v1 readers' p99 4.6x their no-ingest
 * figure in the ingest bench, 1.5x on the thread) and the seed's bulk insert.
 */
const DRIVERS_ALLOWED = [
  /^lib\/db\//,
  /^lib\/usage\/(sqlite-write|write-worker)\.ts$/,
  /^lib\/ingest\/store\/odds-(sqlite|worker)\.ts$/,
  /^lib\/seed\/insert\.ts$/,
];

describe("one data-access rule", () => {
  it("no page, component, route handler or /v1 surface calls the database client", () => {
    const offenders = ALL.filter(
      (f) =>
        NO_DATABASE.some((r) => r.test(f)) && CLIENT_CALL.test(fs.readFileSync(path.join(ROOT, f), "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("the drivers are imported only by the platform and the measured write paths", () => {
    const offenders = ALL.filter(
      (f) =>
        !DRIVERS_ALLOWED.some((r) => r.test(f)) &&
        /from "(better-sqlite3|pg)"/.test(fs.readFileSync(path.join(ROOT, f), "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("one type for the client or a transaction", () => {
    const repeats = ALL.filter((f) =>
      /\bDb \| Tx\b|TransactionClient/.test(fs.readFileSync(path.join(ROOT, f), "utf8")),
    );
    expect(repeats).toEqual(["lib/db/client.ts"]);
  });
});
