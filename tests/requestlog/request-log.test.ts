import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { requestLogPage, toCsv, type RequestLogView } from "../../lib/requestlog/query";
import { WRONG_SECRET_ROWS } from "../../lib/requestlog/record";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { admin, createKey } from "../support/cli";
import { ensureTemplateDb } from "../support/template";
import { sleep } from "../usage/support";

// The request log over real HTTP: what a row holds, keys cut to their prefix, the client address
// under TRUST_PROXY_HOPS, errors kept while a flood of successes is sampled, and `admin logs`.
async function get(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl + path, { headers });
  await res.text();
  return { status: res.status, id: res.headers.get("x-request-id")! };
}

async function waitForRows(db: Db, ids: string[], timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db.requestLog.findMany({ where: { id: { in: ids } } });
    if (rows.length === ids.length || Date.now() > deadline) return rows;
    await sleep(200);
  }
}

describe("request log", () => {
  let app: RunningApp;
  let dbUrl: string;
  let db: Db;
  let key: string;
  let liveKey: string;

  beforeAll(async () => {
    dbUrl = copyTemplateDb(ensureTemplateDb());
    key = createKey(dbUrl, "lena@logs.test", "test");
    liveKey = createKey(dbUrl, "lena@logs.test", "live");
    admin(dbUrl, "account", "plan", "--email", "lena@logs.test", "--plan", "unlimited");
    app = await startApp({
      databaseUrl: dbUrl,
      env: { TRUST_PROXY_HOPS: "1", REQUEST_LOG_FULL_PER_SECOND: "2", USAGE_FLUSH_INTERVAL_MS: "300" },
    });
    db = createClient(dbUrl);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.$disconnect();
  });

  it("records every field of a request, with keys in the path or query cut to their prefix", async () => {
    const ok = await get(app.baseUrl, "/v1/teams?limit=2", {
      "X-API-Key": key,
      "User-Agent": "logs-test/1.0",
    });
    const missing = await get(app.baseUrl, "/v1/teams/999999", {
      "X-API-Key": liveKey,
      // the client-written entry is ignored; with one trusted proxy hop the peer is the proxy's view
      "X-Forwarded-For": "198.51.100.7, 203.0.113.9",
    });
    const leaked = await get(app.baseUrl, `/v1/teams?api_key=${key}`, { "X-API-Key": key });
    const bad = await get(app.baseUrl, "/v1/teams", { "X-API-Key": `${key.slice(0, 16)}${"x".repeat(24)}` });
    const none = await get(app.baseUrl, `/v1/persons/${key}`);
    expect([ok.status, missing.status, leaked.status, bad.status, none.status]).toEqual([
      200, 404, 400, 401, 401,
    ]);

    const rows = await waitForRows(db, [ok.id, missing.id, leaked.id, bad.id, none.id]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const account = (await db.user.findUniqueOrThrow({ where: { email: "lena@logs.test" } })).accountId;
    expect(byId.get(ok.id)).toMatchObject({
      accountId: account,
      keyPrefix: key.slice(0, 16),
      environment: "test",
      method: "GET",
      path: "/v1/teams",
      query: "limit=2",
      endpoint: "/v1/teams",
      status: 200,
      errorCode: null,
      units: 1,
      ip: "127.0.0.1",
      userAgent: "logs-test/1.0",
      sampleRate: 1,
    });
    expect(byId.get(ok.id)!.durationMs).toBeGreaterThan(0);
    expect(byId.get(missing.id)).toMatchObject({
      keyPrefix: liveKey.slice(0, 16),
      environment: "live",
      status: 404,
      errorCode: "NOT_FOUND",
      units: 0,
      ip: "203.0.113.9",
    });
    expect(byId.get(leaked.id)).toMatchObject({ status: 400, query: `api_key=${key.slice(0, 16)}…` });
    // a wrong secret still names the key's account, so its owner sees the 401
    expect(byId.get(bad.id)).toMatchObject({ accountId: account, status: 401, errorCode: "UNAUTHORIZED" });
    // no key at all: kept for operators, visible to no account; the key in the path is cut
    expect(byId.get(none.id)).toMatchObject({
      accountId: null,
      keyPrefix: null,
      path: `/v1/persons/${key.slice(0, 16)}…`,
    });
    const all = await db.requestLog.findMany();
    for (const r of all) expect(JSON.stringify(r)).not.toContain(key.slice(16));
  });

  it("under a flood of successes samples them (flagged with the rate) and keeps every error", async () => {
    const before = await db.requestLog.count();
    const errors: string[] = [];
    let ok = 0;
    const worker = async (w: number) => {
      for (let i = 0; i < 60; i++) {
        const r = await get(app.baseUrl, (i + w) % 10 === 0 ? "/v1/teams?limit=-1" : "/v1/teams?limit=1", {
          "X-API-Key": key,
        });
        if (r.status === 400) errors.push(r.id);
        else ok++;
      }
    };
    await Promise.all(Array.from({ length: 10 }, (_, w) => worker(w)));
    const errorRows = await waitForRows(db, errors);
    expect(errorRows.length).toBe(errors.length);
    expect(errorRows.every((r) => r.sampleRate === 1 && r.errorCode === "INVALID_PARAMETER")).toBe(true);
    // Flushes run about every 300 ms: wait until two reads a flush apart agree.
    let last = -1;
    for (let n = await db.requestLog.count(); n !== last; n = await db.requestLog.count()) {
      last = n;
      await sleep(1000);
    }
    const successes = await db.requestLog.findMany({ where: { status: 200 } });
    const fresh = successes.length - 1; // minus the first test's 200
    expect((await db.requestLog.count()) - before).toBe(errors.length + fresh);
    expect(fresh).toBeLessThan(ok); // some were sampled out…
    expect(successes.some((r) => r.sampleRate > 1)).toBe(true); // …and the kept ones say so
  });

  it("admin logs --json shows the same rows, filtered like the dashboard", async () => {
    const missing = await get(app.baseUrl, "/v1/teams/424242", { "X-API-Key": key });
    await waitForRows(db, [missing.id]);
    const byId = JSON.parse(admin(dbUrl, "logs", "--request-id", missing.id, "--json")) as RequestLogView[];
    expect(byId).toHaveLength(1);
    expect(byId[0]).toMatchObject({ requestId: missing.id, status: 404, endpoint: "/v1/teams/{id}" });
    const notFound = JSON.parse(
      admin(dbUrl, "logs", "--email", "lena@logs.test", "--status", "404", "--json"),
    ) as RequestLogView[];
    expect(notFound.map((r) => r.requestId)).toContain(missing.id);
    expect(notFound.every((r) => r.status === 404)).toBe(true);
    const rows = await db.requestLog.findMany({
      where: { status: 404 },
      orderBy: [{ at: "desc" }, { id: "desc" }],
    });
    expect(notFound.map((r) => r.requestId)).toEqual(rows.filter((r) => r.accountId).map((r) => r.id));
    expect(() => admin(dbUrl, "logs", "--status", "abc")).toThrow(/--status must be/);
  });

  it("an error row keeps its message, response headers and body (keys cut); a success keeps none", async () => {
    const ok = await get(app.baseUrl, "/v1/teams?limit=1", { "X-API-Key": key });
    const missing = await get(app.baseUrl, `/v1/nowhere/${key}`, { "X-API-Key": key });
    const rows = await waitForRows(db, [ok.id, missing.id]);
    const account = rows[0].accountId!;
    const page = await requestLogPage(db, { accountId: account }, 500);
    const view = (id: string) => page.items.find((r) => r.requestId === id)!;
    expect(view(ok.id)).toMatchObject({ status: 200, errorMessage: null, response: null });
    const err = view(missing.id);
    expect(err.status).toBe(404);
    expect(err.errorMessage).toBe(`No endpoint at /v1/nowhere/${key.slice(0, 16)}…`);
    const headers = new Map(err.response!.headers);
    expect(headers.get("X-Request-Id")).toBe(missing.id);
    expect(headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(headers.has("X-RateLimit-Limit")).toBe(true);
    expect(JSON.parse(err.response!.body!)).toEqual({
      error: { code: "NOT_FOUND", message: err.errorMessage },
    });
    expect(JSON.stringify(err)).not.toContain(key.slice(16));
  });

  it("a percent-encoded key in the query is cut to its prefix, in the row and its CSV", async () => {
    const encoded = key.replace(/_/g, "%5F");
    const everyChar = [...key].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
    const twice = key.replace(/_/g, "%255F");
    const reqs = [];
    for (const leaked of [encoded, everyChar, twice])
      reqs.push(await get(app.baseUrl, `/v1/teams?limit=1&note=${leaked}`, { "X-API-Key": key }));
    const rows = await waitForRows(
      db,
      reqs.map((r) => r.id),
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.query).toBe(`limit=1&note=${key.slice(0, 16)}…`);
      expect(r.query).not.toContain(key.slice(16));
    }
    const csv = toCsv((await requestLogPage(db, { accountId: rows[0].accountId! }, 100)).items);
    expect(csv).toContain(`note=${key.slice(0, 16)}…`);
    expect(csv).not.toContain(key.slice(16));
    expect(csv).not.toContain(encoded.slice(20));
  });

  it("wrong-secret requests leave at most 10 rows a minute per key, without the request's text", async () => {
    const wrong = `${liveKey.slice(0, 16)}${"Q".repeat(24)}`;
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await get(app.baseUrl, `/v1/teams/attacker-path-${i}?attacker=query${i}`, {
        "X-API-Key": wrong,
        "User-Agent": `attacker-agent-${i}`,
      });
      expect(r.status).toBe(401);
      ids.push(r.id);
    }
    await waitForRows(db, ids.slice(0, 1));
    await sleep(1000); // a few more flushes
    const rows = await db.requestLog.findMany({ where: { id: { in: ids } } });
    // 10 a minute; 20 if the run straddles a minute boundary. Before: all 30, attacker text and all.
    expect(rows.length).toBeGreaterThanOrEqual(WRONG_SECRET_ROWS);
    expect(rows.length).toBeLessThanOrEqual(2 * WRONG_SECRET_ROWS);
    for (const r of rows) {
      expect(r).toMatchObject({
        keyPrefix: liveKey.slice(0, 16),
        path: "/v1/teams/{id}",
        query: "",
        userAgent: null,
      });
      expect(JSON.stringify(r)).not.toMatch(/attacker/);
    }
  });
});
