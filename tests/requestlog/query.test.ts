import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestLogRow } from "../../lib/requestlog/buffer";
import { csvField, decodeLogCursor, requestLogPage, toCsv } from "../../lib/requestlog/query";
import { insertRequestLogs, pruneRequestLogs } from "../../lib/requestlog/store";
import { postgresTestDb, sqliteTestDb, type TestDb } from "../support/databases";

// The log's read side must answer the same on SQLite and PostgreSQL: run every case on both.
const T = Date.parse("2026-11-20T10:00:00Z");
const row = (n: number, over: Partial<RequestLogRow> = {}): RequestLogRow => ({
  id: `req_test${String(n).padStart(6, "0")}`,
  at: T + Math.floor(n / 2) * 1000, // two rows per second: ties on `at` must page correctly
  accountId: "acc-a",
  keyPrefix: "sk_test_AbCdEfGh",
  environment: "test",
  method: "GET",
  path: "/v1/teams",
  query: "",
  endpoint: "/v1/teams",
  status: 200,
  errorCode: null,
  units: 1,
  durationMs: 1.25,
  ip: "127.0.0.1",
  userAgent: "ua",
  sampleRate: 1,
  errorMessage: null,
  response: null,
  ...over,
});

describe.each([
  ["sqlite", sqliteTestDb],
  ["postgresql", postgresTestDb],
] as const)("request log queries on %s", (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
    const rows = [
      ...Array.from({ length: 9 }, (_, i) => row(i)),
      row(20, { status: 404, errorCode: "NOT_FOUND", endpoint: "/v1/teams/{id}", path: "/v1/teams/9" }),
      row(21, { status: 429, errorCode: "RATE_LIMITED" }),
      row(22, {
        status: 503,
        errorCode: "SERVICE_UNAVAILABLE",
        environment: "live",
        keyPrefix: "sk_live_ZyXwVuTs",
      }),
      row(30, { accountId: "acc-b", status: 404 }),
      row(31, { accountId: null, keyPrefix: null, environment: null, status: 401 }),
      row(-50_000, { id: "req_old", status: 500 }), // 7 hours older than the rest
    ];
    await t.db.$transaction(insertRequestLogs(t.db, rows));
    // a retried batch (its reply lost) inserts nothing twice
    await t.db.$transaction(insertRequestLogs(t.db, rows.slice(0, 3)));
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("pages newest first with a cursor, through rows with equal times, without gaps or repeats", async () => {
    const seen: string[] = [];
    let cursor: { at: Date; id: string } | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await requestLogPage(t.db, { accountId: "acc-a" }, 2, cursor);
      seen.push(...page.items.map((r) => r.requestId));
      if (!page.nextCursor) break;
      cursor = decodeLogCursor(page.nextCursor)!;
    }
    const all = await t.db.requestLog.findMany({
      where: { accountId: "acc-a" },
      orderBy: [{ at: "desc" }, { id: "desc" }],
    });
    expect(seen).toEqual(all.map((r) => r.id));
    expect(seen).toHaveLength(13);
  });

  it("filters by status class, exact code, environment, key, endpoint, time and request id, within the account", async () => {
    const ids = async (f: Parameters<typeof requestLogPage>[1]) =>
      (await requestLogPage(t.db, { accountId: "acc-a", ...f }, 100)).items.map((r) => r.requestId);
    expect(await ids({ status: "4xx" })).toEqual(["req_test000021", "req_test000020"]);
    expect(await ids({ status: "429" })).toEqual(["req_test000021"]);
    expect(await ids({ status: "404" })).toEqual(["req_test000020"]);
    expect(await ids({ status: "5xx" })).toEqual(["req_test000022", "req_old"]);
    expect(await ids({ status: "errors" })).toHaveLength(4);
    expect(await ids({ environment: "live" })).toEqual(["req_test000022"]);
    expect(await ids({ keyPrefix: "sk_live_ZyXwVuTs" })).toEqual(["req_test000022"]);
    expect(await ids({ endpoint: "/v1/teams/{id}" })).toEqual(["req_test000020"]);
    expect(await ids({ from: new Date(T + 10_000), to: new Date(T + 11_000) })).toEqual([
      "req_test000021",
      "req_test000020",
    ]);
    expect(await ids({ requestId: "req_test000030" })).toEqual([]); // another account's request
    expect(await ids({ requestId: "req_test000020" })).toEqual(["req_test000020"]);
  });

  it("prunes only rows older than the retention, in chunks", async () => {
    const deleted = await pruneRequestLogs(t.db, new Date(T - 1000));
    expect(deleted).toBe(1);
    expect(await t.db.requestLog.findUnique({ where: { id: "req_old" } })).toBeNull();
    expect(await t.db.requestLog.count()).toBe(14);
  });

  it("exports RFC 4180 CSV that a spreadsheet cannot run as a formula", async () => {
    const page = await requestLogPage(t.db, { accountId: "acc-a", status: "404" }, 10);
    const csv = toCsv(page.items);
    expect(csv.split("\r\n")[1]).toMatch(
      /^req_test000020,2026-11-20T10:00:10\.000Z,sk_test_AbCdEfGh,test,GET,\/v1\/teams\/9,,/,
    );
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField(null)).toBe("");
  });
});
