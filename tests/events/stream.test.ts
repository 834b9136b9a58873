import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { headId } from "../../lib/events/store";
import { call, expectError, expectOk } from "../support/api";
import { copyTemplateDb, ROOT, startApp, type RunningApp } from "../support/app";
import { admin, createKey, createUnlimitedKey } from "../support/cli";
import { openSse, type SseEvent } from "../support/sse";
import { ensureTemplateDb } from "../support/template";

/**
 * GET /v1/stream over real HTTP against the lean server on a copy of the demo data, fed by the
 * simulator running as its own process (so the server only learns of changes through its poll).
 */
let url: string;
let db: Db;
let app: RunningApp;
let key: string;

beforeAll(async () => {
  url = copyTemplateDb(ensureTemplateDb());
  db = createClient(url);
  key = createUnlimitedKey(url, "stream@example.com");
  app = await startApp({
    databaseUrl: url,
    env: {
      STREAM_HEARTBEAT_MS: "300",
      STREAM_MAX_PER_KEY: "2",
      STREAM_AUTH_CHECK_MS: "200",
      CHANGES_POLL_MS: "100",
      STREAM_RETRY_MS: "1500",
    },
  });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await db?.$disconnect();
});

const stream = (query = "", headers: Record<string, string> = {}, k = key) =>
  openSse(`${app.baseUrl}/v1/stream${query}`, { "X-API-Key": k, ...headers });

/** Plays one contest forward in a separate process; resolves with its exit code and stderr. */
function simulate(seed: number): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/simulate.ts",
      "--quiet",
      "--contests",
      "1",
      "--speed",
      "3000",
      "--seed",
      String(seed),
    ],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
}

/** Every /v1/changes item after `after`, paging with limit 1000 (the source of truth). */
async function feedAfter(after: number, query = "") {
  const items: Array<{ id: string; type: string; contest_id: string | null }> = [];
  let cursor: string | null = null;
  for (;;) {
    const p: string = `/v1/changes?limit=1000${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const data = expectOk(await call(app.baseUrl, p, { key }), p);
    items.push(...data.items);
    cursor = data.next_cursor;
    if (!data.has_more) break;
  }
  return items.filter((i) => Number(i.id) > after);
}

const parsed = (events: SseEvent[]) => events.map((e) => JSON.parse(e.data) as { id: string; type: string });

describe("GET /v1/stream", () => {
  it("resumes with Last-Event-ID after a disconnect mid-match: exactly the change feed, none missing or repeated", async () => {
    const start = await headId(db);
    const first = await stream();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(first.headers.get("x-units-cost")).toBe("1");
    const done = simulate(7);
    // A simulator that dies early fails the test with its error instead of a 60 s wait.
    await Promise.race([
      first.waitFor((e) => e.length >= 3, 60_000),
      done.then((sim) => {
        if (sim.code !== 0) throw new Error(`simulate failed: ${sim.stderr}`);
      }),
    ]);
    first.close();
    const lastId = first.events.at(-1)!.id!;
    expect(first.retry).toBe(1500);
    // Changes keep being committed while the client is away.
    await new Promise((r) => setTimeout(r, 700));
    const second = await stream("", { "Last-Event-ID": lastId });
    expect(second.status).toBe(200);
    const sim = await done;
    expect(sim.code, sim.stderr).toBe(0);
    const head = await headId(db);
    expect(head).toBeGreaterThan(start + 10);
    await second.waitFor((e) => e.length > 0 && Number(e.at(-1)!.id) === head, 20_000);
    second.close();
    const received = [...first.events, ...second.events];
    // SSE id = change id = data.id; event name = change type.
    for (const e of received) {
      const item = JSON.parse(e.data) as { id: string; type: string };
      expect([e.id, e.event]).toEqual([item.id, item.type]);
    }
    expect(parsed(received)).toEqual(await feedAfter(start));
    expect(new Set(received.map((e) => e.id)).size).toBe(received.length);
    expect(second.events.length).toBeGreaterThan(0);
  }, 120_000);

  it("filters like /v1/changes (types, contest)", async () => {
    const start = await headId(db);
    const s = await stream("?types=contest.status,odds");
    const sim = await simulate(8);
    expect(sim.code, sim.stderr).toBe(0);
    const feed = await feedAfter(start, "&types=contest.status,odds");
    expect(feed.length).toBeGreaterThan(2);
    await s.waitFor((e) => e.length >= feed.length, 20_000);
    await new Promise((r) => setTimeout(r, 300));
    s.close();
    expect(parsed(s.events)).toEqual(feed);
    expect(new Set(s.events.map((e) => e.event))).toEqual(new Set(feed.map((f) => f.type)));
    // By contest, replayed from the start position given as Last-Event-ID.
    const contest = feed.find((f) => f.contest_id)!.contest_id!;
    const byContest = await stream(`?contest=${contest}&types=contest`, { "Last-Event-ID": String(start) });
    const expected = await feedAfter(start, `&contest=${contest}&types=contest`);
    await byContest.waitFor((e) => e.length >= expected.length);
    byContest.close();
    expect(parsed(byContest.events)).toEqual(expected);
    expectError(await call(app.baseUrl, "/v1/stream?types=nope", { key }), 400, "INVALID_PARAMETER", /types/);
  }, 120_000);

  it("sends heartbeats while idle", async () => {
    const s = await stream();
    await new Promise((r) => setTimeout(r, 1000));
    s.close();
    expect(s.comments.filter((c) => c === "heartbeat").length).toBeGreaterThanOrEqual(2);
  });

  it("401 without a key, 403 without the events scope, 429 over the per-key cap, 400/410 for bad positions", async () => {
    expectError(await call(app.baseUrl, "/v1/stream"), 401, "UNAUTHORIZED", "API key required");
    expectError(
      await call(app.baseUrl, "/v1/stream", { key: "sk_test_" + "a".repeat(32) }),
      401,
      "UNAUTHORIZED",
      "Invalid API key",
    );
    const oddsOnly = admin(
      url,
      "key",
      "create",
      "--email",
      "scoped@example.com",
      "--environment",
      "test",
      "--name",
      "o",
      "--scopes",
      "odds",
    )
      .trim()
      .split("\n")
      .at(-1)!;
    expectError(await call(app.baseUrl, "/v1/stream", { key: oddsOnly }), 403, "FORBIDDEN", /'events' scope/);
    const a = await stream();
    const b = await stream();
    const c = await call(app.baseUrl, "/v1/stream", { key });
    expectError(c, 429, "RATE_LIMITED", /2 per server instance/);
    expect(c.headers.get("retry-after")).toBe("5");
    a.close();
    await new Promise((r) => setTimeout(r, 200));
    const d = await stream();
    expect(d.status).toBe(200);
    b.close();
    d.close();
    expectError(
      await call(app.baseUrl, "/v1/stream", { key, headers: { "Last-Event-ID": "abc" } }),
      400,
      "INVALID_REQUEST",
    );
    expectError(
      await call(app.baseUrl, "/v1/stream", { key, headers: { "Last-Event-ID": "999999999" } }),
      400,
      "INVALID_REQUEST",
      /ahead/,
    );
  });

  it("a revoked key ends its open stream with an error event", async () => {
    const own = createKey(url, "revoke-me@example.com");
    const s = await stream("", {}, own);
    expect(s.status).toBe(200);
    const t = Date.now();
    admin(url, "key", "revoke", own.slice(0, 16));
    await s.waitFor((e) => e.some((x) => x.event === "error"), 5000);
    await s.ended;
    const err = JSON.parse(s.events.find((x) => x.event === "error")!.data);
    expect(err).toEqual({ error: { code: "UNAUTHORIZED", message: "Invalid API key" } });
    expect(Date.now() - t).toBeLessThan(5000);
  }, 30_000);

  it("a position older than the retention is 410 CURSOR_EXPIRED before streaming", async () => {
    const head = await headId(db);
    await db.systemState.upsert({
      where: { key: "changes_pruned_through" },
      create: { key: "changes_pruned_through", value: String(head - 1) },
      update: { value: String(head - 1) },
    });
    expectError(
      await call(app.baseUrl, "/v1/stream", { key, headers: { "Last-Event-ID": String(head - 2) } }),
      410,
      "CURSOR_EXPIRED",
    );
  });
});
