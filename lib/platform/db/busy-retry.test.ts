import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { retryBusy } from "./busy-retry";
import { createClient, type Db } from "./client";
import { applyMigrations } from "./schema-engine";

// A real lock on a real file: another connection holds SQLite's write lock while a Prisma write
// waits out a short busy timeout, fails (Prisma reports SQLITE_BUSY as P1008), and is run again.
describe("retryBusy", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-busy-"));
  const url = `file:${path.join(dir, "busy.db")}`;
  let db: Db | undefined;
  afterAll(async () => {
    await db?.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("re-runs a Prisma write that met another connection's write lock", async () => {
    await applyMigrations(url);
    const saved = process.env.SQLITE_BUSY_TIMEOUT_MS;
    process.env.SQLITE_BUSY_TIMEOUT_MS = "50";
    db = createClient(url);
    if (saved === undefined) delete process.env.SQLITE_BUSY_TIMEOUT_MS;
    else process.env.SQLITE_BUSY_TIMEOUT_MS = saved;
    const client = db;
    const holder = new Database(path.join(dir, "busy.db"));
    holder.exec("BEGIN IMMEDIATE");
    const firstError = await client.account.create({ data: { name: "unretried" } }).catch((e: unknown) => e);
    expect((firstError as { code?: string }).code).toBe("P1008");
    let attempts = 0;
    const account = await retryBusy(() => {
      // The lock is let go only once the first attempt has failed on it.
      if (++attempts === 2) holder.exec("COMMIT");
      return client.account.create({ data: { name: "retried" } });
    });
    expect(attempts).toBe(2);
    expect(account.name).toBe("retried");
    expect(await client.account.count({ where: { name: "unretried" } })).toBe(0);
    holder.close();
  });
});
