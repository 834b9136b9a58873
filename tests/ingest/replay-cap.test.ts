import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, urlOf, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { insertReplay } from "../../lib/replay/service";
import { postgresTestDb, type TestDb } from "../support/databases";

// The per-account replay cap across instances: two clients (two pools, as two instances have) start
// replays for one account at the same moment, and never more than the cap run. `replays` rows
// belong to their account (foreign key, removed with it), on PostgreSQL and SQLite.
const CAP = 3;

const replay = (accountId: string) => ({
  id: `rpl_${randomBytes(8).toString("hex")}`,
  accountId,
  keyId: "key_test",
  contestId: 1,
  speed: 60,
  status: "running",
  total: 10,
  endsAt: new Date(Date.now() + 600_000),
});

let pg: TestDb;
let other: Db;
let sqliteDir: string;
let sqlite: Db;

beforeAll(async () => {
  pg = await postgresTestDb();
  other = createClient(urlOf(pg.db));
  sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-replay-cap-"));
  const url = `file:${path.join(sqliteDir, "replays.db")}`;
  await applyMigrations(url);
  sqlite = createClient(url);
}, 120_000);

afterAll(async () => {
  await other?.$disconnect().catch(() => {});
  await sqlite?.$disconnect().catch(() => {});
  await pg?.drop();
  if (sqliteDir) fs.rmSync(sqliteDir, { recursive: true, force: true });
});

describe("replay cap on PostgreSQL with two instances", () => {
  it("concurrent starts from two clients never exceed the cap", async () => {
    const { id: accountId } = await pg.db.account.create({ data: { name: "Replay race" } });
    for (let round = 0; round < 5; round++) {
      const clients = [pg.db, other, pg.db, other, pg.db, other, pg.db, other];
      const results = await Promise.all(clients.map((db) => insertReplay(db, replay(accountId), CAP)));
      expect(results.filter((r) => r.ok)).toHaveLength(CAP);
      const refused = results.filter((r) => !r.ok);
      expect(refused).toHaveLength(clients.length - CAP);
      for (const r of refused) expect(r).toMatchObject({ code: "RATE_LIMITED" });
      expect(await pg.db.replay.count({ where: { accountId, status: "running" } })).toBe(CAP);
      // The next round starts from none running.
      await pg.db.replay.updateMany({
        where: { accountId, status: "running" },
        data: { status: "cancelled" },
      });
    }
  });
});

describe.each([
  ["PostgreSQL", () => pg.db],
  ["SQLite", () => sqlite],
])("replays' account foreign key on %s", (_name, dbOf) => {
  it("refuses a replay of an unknown account and removes an account's replays with it", async () => {
    const db = dbOf();
    await expect(db.replay.create({ data: replay("no-such-account") })).rejects.toMatchObject({
      code: "P2003",
    });
    const { id: accountId } = await db.account.create({ data: { name: "Replay owner" } });
    const started = await insertReplay(db, replay(accountId), CAP);
    expect(started.ok).toBe(true);
    await db.account.delete({ where: { id: accountId } });
    expect(await db.replay.count({ where: { accountId } })).toBe(0);
  });
});
