import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { admin } from "../support/cli";

/** docs/ingest.md's key set-up, word for word, for an address the server has never seen. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-keys-"));
const url = `file:${path.join(dir, "keys.db")}`;
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

beforeAll(() => applyMigrations(url), 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const fails = (...args: string[]) => {
  try {
    admin(url, ...args);
  } catch (err) {
    return String((err as { stderr?: string }).stderr ?? err);
  }
  throw new Error(`admin ${args.join(" ")} succeeded`);
};
const userCount = (email: string) => {
  const sqlite = new Database(path.join(dir, "keys.db"), { readonly: true });
  try {
    return (sqlite.prepare(`SELECT COUNT(*) AS n FROM "users" WHERE "email" = ?`).get(email) as { n: number })
      .n;
  } finally {
    sqlite.close();
  }
};

describe("ingest key set-up", () => {
  it("key create --scopes ingest before the grant is refused and creates no user", () => {
    const err = fails(
      "key",
      "create",
      "--email",
      "early@example.com",
      "--environment",
      "live",
      "--name",
      "x",
      "--scopes",
      "ingest",
    );
    expect(err).toMatch(/operator grant --email early@example.com/);
    expect(userCount("early@example.com")).toBe(0);
  });

  it("operator grant on a new address, then key create --scopes ingest, as docs/ingest.md has them", () => {
    const doc = fs.readFileSync(path.join(__dirname, "../../docs/ingest.md"), "utf8");
    const lines = doc
      .split("\n")
      .filter(
        (l) =>
          l.startsWith("npm run --silent admin -- operator grant") ||
          l.startsWith("npm run --silent admin -- key create"),
      );
    expect(lines).toHaveLength(2);
    const words = (l: string) =>
      [...l.replace("npm run --silent admin -- ", "").matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
    expect(admin(url, ...words(lines[0]))).toMatch(/operator granted/);
    const out = admin(url, ...words(lines[1]))
      .trim()
      .split("\n");
    expect(out[out.length - 1]).toMatch(/^sk_live_/);
  });
});
