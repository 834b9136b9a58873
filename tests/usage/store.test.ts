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
import { databaseStore } from "../../lib/usage/store";

// The flush path against real databases: SQLite (the default) and PostgreSQL (scale-out).
const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);

async function fixture(db: Db) {
  const account = await db.account.create({ data: { name: "store test" } });
  const other = await db.account.create({ data: { name: "other" } });
  const mk = (accountId: string, prefix: string) =>
    db.apiKey.create({
      data: { accountId, name: prefix, environment: "test", prefix, secretHash: "0".repeat(64) },
    });
  return {
    account,
    other,
    k1: await mk(account.id, "sk_test_store001"),
    k2: await mk(account.id, "sk_test_store002"),
    k3: await mk(other.id, "sk_test_store003"),
  };
}

async function sums(db: Db, where: Record<string, unknown> = {}) {
  const rows = await db.usageBucket.findMany({ where });
  return {
    requests: rows.reduce((n, r) => n + r.requests, 0),
    units: rows.reduce((n, r) => n + r.units, 0),
    rows: rows.length,
  };
}

function suite(name: string, open: () => Promise<{ url: string; cleanup: () => Promise<void> }>) {
  describe(`metering flush on ${name}`, () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    let f: Awaited<ReturnType<typeof fixture>>;
    beforeAll(async () => {
      const opened = await open();
      cleanup = opened.cleanup;
      await applyMigrations(opened.url);
      db = createClient(opened.url);
      f = await fixture(db);
    });
    afterAll(async () => {
      await db?.$disconnect();
      await cleanup?.();
    });

    it("adds increments into existing buckets across flushes, one transaction per flush", async () => {
      const meter = new Meter();
      const flusher = new Flusher(meter, databaseStore(db), 1000);
      for (let i = 0; i < 1000; i++)
        meter.record(
          f.k1.id,
          f.account.id,
          "/v1/teams",
          i % 10 === 0 ? 400 : 200,
          i % 10 === 0 ? 0 : 1,
          T0 + i,
        );
      for (let i = 0; i < 30; i++)
        meter.record(f.k2.id, f.account.id, "/v1/persons/{id}", 429, 0, T0 + 61_000 + i);
      expect(await flusher.flush()).toBe(true);
      for (let i = 0; i < 500; i++) meter.record(f.k1.id, f.account.id, "/v1/teams", 200, 1, T0 + 2000 + i);
      expect(await flusher.flush()).toBe(true);
      expect(flusher.stats.flushes).toBe(2);
      expect(await sums(db, { apiKeyId: f.k1.id })).toEqual({ requests: 1500, units: 1400, rows: 2 });
      const limited = await db.usageBucket.findMany({ where: { apiKeyId: f.k2.id } });
      expect(limited).toMatchObject([
        {
          statusClass: "429",
          requests: 30,
          units: 0,
          endpoint: "/v1/persons/{id}",
          minute: new Date(T0 + 60_000),
        },
      ]);
      expect(meter.pending).toBe(0);
    });

    it("keeps counts when the database refuses a flush and writes them exactly once on retry", async () => {
      const meter = new Meter();
      const flusher = new Flusher(meter, databaseStore(db), 1000);
      const before = await sums(db, { apiKeyId: f.k3.id });
      await db.$executeRawUnsafe(`ALTER TABLE "usage_buckets" RENAME TO "usage_buckets_away"`);
      try {
        for (let i = 0; i < 200; i++) meter.record(f.k3.id, f.other.id, "/v1/teams", 200, 1, T0 + i * 10);
        meter.recordAuthFailure(f.other.id, "sk_test_store003", "invalid_secret", T0);
        expect(await flusher.flush()).toBe(false);
        for (let i = 0; i < 50; i++) meter.record(f.k3.id, f.other.id, "/v1/teams", 200, 1, T0 + 5000 + i);
        expect(await flusher.flush()).toBe(false);
        expect(flusher.stats).toMatchObject({ failures: 2, consecutiveFailures: 2 });
        expect(meter.pending).toBe(250);
      } finally {
        await db.$executeRawUnsafe(`ALTER TABLE "usage_buckets_away" RENAME TO "usage_buckets"`);
      }
      expect(await flusher.flush()).toBe(true);
      const after = await sums(db, { apiKeyId: f.k3.id });
      expect(after.requests - before.requests).toBe(250);
      expect(after.units - before.units).toBe(250);
      expect(await db.authFailureBucket.findMany({ where: { accountId: f.other.id } })).toMatchObject([
        { keyPrefix: "sk_test_store003", reason: "invalid_secret", count: 1 },
      ]);
      expect(meter.pending).toBe(0);
      expect(meter.idle).toBe(true);
    });

    it("writes lastUsedAt at most once a minute per key", async () => {
      const meter = new Meter();
      const store = databaseStore(db);
      const writes: number[] = [];
      const counting = {
        ...store,
        write: async (b: Parameters<typeof store.write>[0]) => {
          writes.push(b.touched.length);
          return store.write(b);
        },
      };
      const flusher = new Flusher(meter, counting, 1000);
      const t = T0 + 3_600_000;
      for (const dt of [0, 1_000, 30_000, 59_000, 61_000]) {
        meter.record(f.k2.id, f.account.id, "/v1/teams", 200, 1, t + dt);
        await flusher.flush();
      }
      expect(writes).toEqual([1, 0, 0, 0, 1]);
      const key = await db.apiKey.findUniqueOrThrow({ where: { id: f.k2.id } });
      expect(key.lastUsedAt?.getTime()).toBe(t + 61_000);
    });

    it("drops only the rows of a key deleted while its counts were buffered", async () => {
      const meter = new Meter();
      const flusher = new Flusher(meter, databaseStore(db), 1000);
      const doomed = await db.apiKey.create({
        data: {
          accountId: f.account.id,
          name: "doomed",
          environment: "live",
          prefix: "sk_live_doomed01",
          secretHash: "0".repeat(64),
        },
      });
      meter.record(doomed.id, f.account.id, "/v1/teams", 200, 1, T0 + 7_200_000);
      meter.record(f.k1.id, f.account.id, "/v1/teams", 200, 1, T0 + 7_200_000);
      await db.apiKey.delete({ where: { id: doomed.id } });
      const before = await sums(db, { apiKeyId: f.k1.id });
      let ok = await flusher.flush();
      if (!ok) ok = await flusher.flush();
      expect(ok).toBe(true);
      expect((await sums(db, { apiKeyId: f.k1.id })).requests - before.requests).toBe(1);
      expect(flusher.stats.droppedRequests).toBe(1);
      expect(meter.idle).toBe(true);
    });

    it("reads an account's units this month from flushed buckets", async () => {
      const store = databaseStore(db);
      const month = Date.UTC(2026, 10, 1);
      const expected = (await sums(db, { accountId: f.account.id, minute: { gte: new Date(month) } })).units;
      expect(await store.monthUnits(f.account.id, month)).toBe(expected);
      expect(await store.monthUnits(f.account.id, Date.UTC(2026, 11, 1))).toBe(0);
    });
  });
}

suite("SQLite", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-usage-"));
  return {
    url: `file:${path.join(dir, "usage.db")}`,
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

suite("PostgreSQL", async () => {
  const name = `statline_t_${randomBytes(5).toString("hex")}`;
  const pg = ["-h", "127.0.0.1", "-U", "postgres"];
  try {
    execFileSync("createdb", [...pg, name], { stdio: "pipe" });
  } catch (err) {
    throw new Error(`PostgreSQL must run on 127.0.0.1:5432 (see ENGINEERING.md): ${String(err)}`, {
      cause: err,
    });
  }
  return {
    url: `postgresql://postgres@127.0.0.1:5432/${name}`,
    cleanup: async () => void execFileSync("dropdb", [...pg, "--force", name], { stdio: "pipe" }),
  };
});
