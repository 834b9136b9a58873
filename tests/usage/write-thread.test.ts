import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { Meter } from "../../lib/usage/meter";
import { databaseStore } from "../../lib/usage/store";
import { usageWriteThread, WriteThread } from "../../lib/usage/write-thread";
import { accountWithKey } from "../support/databases";

/**
 * The lean server's metering flush on SQLite runs on a worker thread (USAGE_WRITE_THREAD=on). Real
 * worker, real SQLite file: what it writes Prisma reads back, a replayed batch counts once, a
 * foreign-key failure arrives as an error the flusher recognises, and a dead worker is replaced.
 */
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);

describe("metering writer thread (SQLite)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-wt-"));
  const url = `file:${path.join(dir, "usage.db")}`;
  let db: Db;
  let keyId: string;
  let accountId: string;
  const saved = process.env.USAGE_WRITE_THREAD;
  beforeAll(async () => {
    await applyMigrations(url);
    db = createClient(url);
    ({ keyId, accountId } = await accountWithKey(db, "wt", "sk_test_wthread01"));
    process.env.USAGE_WRITE_THREAD = "on";
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.USAGE_WRITE_THREAD;
    else process.env.USAGE_WRITE_THREAD = saved;
    await usageWriteThread(db)?.close();
    await db?.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes buckets, roll-ups, request logs and lastUsedAt that Prisma reads back; a replay changes nothing", async () => {
    expect(usageWriteThread(db)).toBeInstanceOf(WriteThread);
    const meter = new Meter();
    for (let i = 0; i < 7; i++) meter.record(keyId, accountId, "/v1/teams", 200, 2, T0 + i);
    meter.record(keyId, accountId, "/v1/teams", 404, 0, T0 + 10);
    const batch = meter.drain();
    batch.logs = [
      {
        id: "req_wthread000001",
        at: T0 + 5,
        accountId,
        keyPrefix: "sk_test_wthread01",
        environment: "test",
        method: "GET",
        path: "/v1/teams",
        query: "limit=5",
        endpoint: "/v1/teams",
        status: 200,
        errorCode: null,
        units: 2,
        durationMs: 1.25,
        ip: "127.0.0.1",
        userAgent: "vitest",
        sampleRate: 1,
        errorMessage: null,
        response: null,
      },
    ];
    const store = databaseStore(db);
    expect(await store.write(batch, "wt-1")).toBeGreaterThan(0);
    expect(await store.write(batch, "wt-1")).toBe(0);

    const buckets = await db.usageBucket.findMany({
      where: { apiKeyId: keyId },
      orderBy: { statusClass: "asc" },
    });
    expect(buckets.map((b) => [b.statusClass, b.requests, b.units, b.minute.toISOString()])).toEqual([
      ["2xx", 7, 14, new Date(T0).toISOString()],
      ["4xx", 1, 0, new Date(T0).toISOString()],
    ]);
    const day = await db.usageRollup.findFirst({
      where: { apiKeyId: keyId, period: "day", statusClass: "2xx" },
    });
    expect(day?.requests).toBe(7);
    expect(day?.start.toISOString()).toBe(new Date(Date.UTC(2026, 10, 23)).toISOString());
    const log = await db.requestLog.findUnique({ where: { id: "req_wthread000001" } });
    expect(log?.at.toISOString()).toBe(new Date(T0 + 5).toISOString());
    expect(log?.durationMs).toBe(1.25);
    const key = await db.apiKey.findUnique({ where: { id: keyId } });
    expect(key?.lastUsedAt?.toISOString()).toBe(new Date(T0).toISOString());
  });

  it("reports a foreign-key failure as an error naming it, and keeps serving later writes", async () => {
    const meter = new Meter();
    meter.record("no-such-key", accountId, "/v1/teams", 200, 1, T0);
    const store = databaseStore(db);
    await expect(store.write(meter.drain(), "wt-fk")).rejects.toThrow(/foreign key/i);
    const ok = new Meter();
    ok.record(keyId, accountId, "/v1/teams", 200, 1, T0 + 120_000);
    expect(await store.write(ok.drain(), "wt-2")).toBeGreaterThan(0);
  });

  it("a worker that dies fails the write in flight; the next write starts a new one", async () => {
    const thread = new WriteThread(path.join(dir, "usage.db"), 1000);
    const meter = new Meter();
    meter.record(keyId, accountId, "/v1/persons", 200, 1, T0 + 240_000);
    const batch = meter.drain();
    const inFlight = thread.write(batch, { marker: null, cleanup: [] });
    await thread.close();
    await expect(inFlight).rejects.toThrow(/exited/);
    expect(await thread.write(batch, { marker: null, cleanup: [] })).toBeGreaterThan(0);
    await thread.close();
    const rows = await db.usageBucket.findMany({ where: { apiKeyId: keyId, endpoint: "/v1/persons" } });
    expect(rows.map((r) => r.requests)).toEqual([1]);
  });
});
