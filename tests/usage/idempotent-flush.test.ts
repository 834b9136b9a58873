import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { Flusher } from "../../lib/usage/flusher";
import { Meter } from "../../lib/usage/meter";
import { databaseStore, type UsageStore } from "../../lib/usage/store";
import { accountWithKey } from "../support/databases";

/**
 * A flush whose COMMIT reached the database but whose reply was lost (the connection died in
 * between) must not be counted twice when the flusher retries it. Real SQLite and PostgreSQL.
 */
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

function suite(name: string, open: () => { url: string; cleanup: () => void }) {
  describe(`idempotent metering flush on ${name}`, () => {
    let db: Db;
    let cleanup: () => void;
    let keyId: string;
    let accountId: string;
    beforeAll(async () => {
      const opened = open();
      cleanup = opened.cleanup;
      await applyMigrations(opened.url);
      db = createClient(opened.url);
      ({ keyId, accountId } = await accountWithKey(db, "flush", "sk_test_idem0001"));
    });
    afterAll(async () => {
      await db?.$disconnect();
      cleanup?.();
    });
    const requests = async () =>
      (await db.usageBucket.aggregate({ where: { apiKeyId: keyId }, _sum: { requests: true } }))._sum
        .requests ?? 0;
    const markers = () => db.systemState.count({ where: { key: { startsWith: "usage_flush:" } } });

    it("a replayed batch id changes nothing", async () => {
      const meter = new Meter();
      for (let i = 0; i < 10; i++) meter.record(keyId, accountId, "/v1/teams", 200, 1, T0 + i);
      const batch = meter.drain();
      const store = databaseStore(db);
      const before = await requests();
      expect(await store.write(batch, "batch-a")).toBeGreaterThan(0);
      expect(await store.write(batch, "batch-a")).toBe(0);
      expect((await requests()) - before).toBe(10);
    });

    it("the flusher retries a write whose reply was lost and counts it exactly once; markers are cleaned up", async () => {
      const meter = new Meter();
      const real = databaseStore(db);
      let loseNextReply = true;
      const flaky: UsageStore = {
        ...real,
        async write(batch, id) {
          const n = await real.write(batch, id);
          if (loseNextReply) {
            loseNextReply = false;
            throw new Error("Connection terminated unexpectedly");
          }
          return n;
        },
      };
      const flusher = new Flusher(meter, flaky, 1000);
      const before = await requests();
      for (let i = 0; i < 25; i++) meter.record(keyId, accountId, "/v1/teams", 200, 1, T0 + 60_000 + i);
      expect(await flusher.flush()).toBe(false);
      for (let i = 0; i < 5; i++) meter.record(keyId, accountId, "/v1/teams", 200, 1, T0 + 120_000 + i);
      expect(await flusher.flush()).toBe(true);
      expect((await requests()) - before).toBe(30);
      expect(meter.pending).toBe(0);
      // Markers of finished flushes are deleted by the following write.
      meter.record(keyId, accountId, "/v1/teams", 200, 1, T0 + 180_000);
      expect(await flusher.flush()).toBe(true);
      expect(await markers()).toBeLessThanOrEqual(2);
    });
  });
}

suite("SQLite", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-idem-"));
  return {
    url: `file:${path.join(dir, "usage.db")}`,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

suite("PostgreSQL", () => {
  const name = `statline_t_${randomBytes(5).toString("hex")}`;
  const pg = ["-h", "127.0.0.1", "-U", "postgres"];
  execFileSync("createdb", [...pg, name]);
  return {
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    cleanup: () => execFileSync("dropdb", [...pg, "--if-exists", "--force", name]),
  };
});
