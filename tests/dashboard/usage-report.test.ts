import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import type { StatusClass } from "../../lib/usage/meter";
import { rangeBuckets, usageReport } from "../../lib/usage/report";
import { databaseStore } from "../../lib/usage/store";
import { postgresTestDb, sqliteTestDb, type TestDb } from "../support/databases";

// The same report must come out of SQLite and PostgreSQL: run every case on both.
const NOW = new Date("2026-03-10T12:30:00Z");
const at = (iso: string) => new Date(iso);

async function fixture(db: Db) {
  const account = await db.account.create({ data: { name: "acme", plan: "pro" } });
  const other = await db.account.create({ data: { name: "other" } });
  const mk = (accountId: string, environment: string, name: string, prefix: string) =>
    db.apiKey.create({ data: { accountId, environment, name, prefix, secretHash: "00" } });
  const live = await mk(
    account.id,
    "live",
    "Backend",
    `sk_live_${Math.random().toString(36).slice(2, 10).padEnd(8, "x")}`,
  );
  const test = await mk(
    account.id,
    "test",
    "Laptop",
    `sk_test_${Math.random().toString(36).slice(2, 10).padEnd(8, "x")}`,
  );
  const foreign = await mk(
    other.id,
    "live",
    "Theirs",
    `sk_live_${Math.random().toString(36).slice(2, 10).padEnd(8, "y")}`,
  );
  const row = (
    key: { id: string; accountId: string },
    minute: string,
    endpoint: string,
    statusClass: string,
    requests: number,
    units: number,
  ) => ({
    accountId: key.accountId,
    apiKeyId: key.id,
    minute: at(minute).getTime(),
    endpoint,
    statusClass: statusClass as StatusClass,
    requests,
    units,
  });
  // Through the flush's own write (minute buckets plus their hour and day roll-ups).
  await databaseStore(db).write({
    authFailures: [],
    touched: [],
    usage: [
      // Inside the last 24 h (hour buckets 12:00 today back to 13:00 yesterday).
      row(live, "2026-03-10T12:05:00Z", "/v1/teams", "2xx", 10, 10),
      row(live, "2026-03-10T12:06:00Z", "/v1/teams", "4xx", 2, 0),
      row(live, "2026-03-10T12:07:00Z", "/v1/teams", "429", 3, 0),
      row(live, "2026-03-10T11:59:00Z", "/v1/persons", "2xx", 5, 5),
      row(test, "2026-03-10T03:00:00Z", "/v1/contests/{id}/odds/history", "2xx", 4, 20),
      row(test, "2026-03-10T03:01:00Z", "/v1/teams", "5xx", 1, 0),
      row(live, "2026-03-09T13:00:00Z", "/v1/teams", "2xx", 3, 3),
      // Just outside 24 h, inside 7 d.
      row(live, "2026-03-09T12:59:00Z", "/v1/teams", "2xx", 100, 100),
      row(test, "2026-03-04T00:00:00Z", "/v1/persons", "2xx", 7, 7),
      // Outside 7 d, inside this month and 30 d.
      row(live, "2026-03-01T00:00:00Z", "/v1/teams", "2xx", 1000, 1000),
      // Last month: in 30 d, not in the month.
      row(live, "2026-02-20T08:00:00Z", "/v1/standings", "2xx", 50, 50),
      // Another account: never visible.
      row(foreign, "2026-03-10T12:00:00Z", "/v1/teams", "2xx", 999, 999),
    ],
  });
  return { account, live, test, foreign };
}

describe.each([
  ["sqlite", sqliteTestDb],
  ["postgresql", postgresTestDb],
] as const)("usageReport on %s", (_name, open) => {
  let t: TestDb;
  let f: Awaited<ReturnType<typeof fixture>>;
  beforeAll(async () => {
    t = await open();
    f = await fixture(t.db);
  });
  afterAll(() => t?.drop());

  it("24h: hourly buckets ending with the current hour, totals by status class, top endpoints and keys", async () => {
    const r = await usageReport(t.db, { accountId: f.account.id, range: "24h", now: NOW });
    expect(r.granularity).toBe("hour");
    expect(r.series).toHaveLength(24);
    expect(r.from).toBe("2026-03-09T13:00:00.000Z");
    expect(r.to).toBe("2026-03-10T13:00:00.000Z");
    expect(r.totals).toEqual({ requests: 28, units: 38, "2xx": 22, "3xx": 0, "4xx": 2, "429": 3, "5xx": 1 });
    const last = r.series[23];
    expect(last).toMatchObject({
      start: "2026-03-10T12:00:00.000Z",
      requests: 15,
      "2xx": 10,
      "4xx": 2,
      "429": 3,
      units: 10,
    });
    expect(r.series[22]).toMatchObject({ start: "2026-03-10T11:00:00.000Z", requests: 5 });
    expect(r.series[0]).toMatchObject({ start: "2026-03-09T13:00:00.000Z", requests: 3 });
    expect(r.series.reduce((n, p) => n + p.requests, 0)).toBe(r.totals.requests);
    expect(r.endpoints.map((e) => [e.endpoint, e.requests])).toEqual([
      ["/v1/teams", 19],
      ["/v1/persons", 5],
      ["/v1/contests/{id}/odds/history", 4],
    ]);
    expect(r.keys.map((k) => [k.name, k.requests, k["4xx"], k["5xx"], k.units])).toEqual([
      ["Backend", 23, 2, 0, 18],
      ["Laptop", 5, 0, 1, 20],
    ]);
    expect(r.month).toEqual({
      start: "2026-03-01T00:00:00.000Z",
      requests: 1135,
      units: 1145,
      plan: "pro",
      planLabel: "Pro",
      quota: 500_000,
      // The plan's limiter, shown beside the quota (lib/plans/index.ts: Pro is 600 a minute, bursts of 100).
      ratePerMinute: 600,
      burst: 100,
    });
  });

  it("7d and 30d: daily UTC buckets; the month total ignores the range", async () => {
    const week = await usageReport(t.db, { accountId: f.account.id, range: "7d", now: NOW });
    expect(week.granularity).toBe("day");
    expect(week.series.map((p) => p.start.slice(0, 10))).toEqual([
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
    ]);
    expect(week.totals.requests).toBe(28 + 100 + 7);
    expect(week.series[0].requests).toBe(7);
    const month = await usageReport(t.db, { accountId: f.account.id, range: "30d", now: NOW });
    expect(month.series).toHaveLength(30);
    expect(month.totals.requests).toBe(28 + 100 + 7 + 1000 + 50);
    expect(month.month.requests).toBe(week.month.requests);
  });

  it("filters by key and environment, and another account's key id matches nothing", async () => {
    const byKey = await usageReport(t.db, {
      accountId: f.account.id,
      range: "24h",
      keyId: f.test.id,
      now: NOW,
    });
    expect(byKey.totals.requests).toBe(5);
    expect(byKey.keys.map((k) => k.keyId)).toEqual([f.test.id]);
    const live = await usageReport(t.db, {
      accountId: f.account.id,
      range: "24h",
      environment: "live",
      now: NOW,
    });
    expect(live.totals.requests).toBe(23);
    const mismatch = await usageReport(t.db, {
      accountId: f.account.id,
      range: "24h",
      environment: "live",
      keyId: f.test.id,
      now: NOW,
    });
    expect(mismatch.totals.requests).toBe(0);
    const foreign = await usageReport(t.db, {
      accountId: f.account.id,
      range: "30d",
      keyId: f.foreign.id,
      now: NOW,
    });
    expect(foreign.totals.requests).toBe(0);
    expect(foreign.keys).toEqual([]);
  });

  it("a new account gets a full series of zeros and the free quota", async () => {
    const fresh = await t.db.account.create({ data: { name: "new" } });
    const r = await usageReport(t.db, { accountId: fresh.id, range: "7d", now: NOW });
    expect(r.series).toHaveLength(7);
    expect(r.series.every((p) => p.requests === 0 && p.units === 0)).toBe(true);
    expect(r.endpoints).toEqual([]);
    expect(r.keys).toEqual([]);
    expect(r.month).toMatchObject({ requests: 0, units: 0, plan: "free", quota: 10_000 });
    // An unlimited account has no quota to show.
    await t.db.account.update({ where: { id: fresh.id }, data: { plan: "unlimited" } });
    expect((await usageReport(t.db, { accountId: fresh.id, range: "24h", now: NOW })).month.quota).toBeNull();
  });
});

describe("report buckets", () => {
  it("aligns buckets to UTC hours and days", () => {
    expect(rangeBuckets("24h", NOW).at(-1)!.toISOString()).toBe("2026-03-10T12:00:00.000Z");
    expect(rangeBuckets("30d", NOW)[0].toISOString()).toBe("2026-02-09T00:00:00.000Z");
  });
});
