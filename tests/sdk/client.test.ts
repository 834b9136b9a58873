import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient, StatlineError, type paths, type RetryInfo, type StatlineClient } from "@statline/sdk";
import { renderSdkFiles, SDK_GENERATED } from "../../scripts/sdk-generate";
import { LIMIT_ZERO } from "../../lib/api/request";
import { recordChanges } from "../../lib/events/changes";
import { call } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { admin, createKey, createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";

// The SDK against a real server: paging loops, typed errors and a real 429. Free-plan keys get
// one request per second after a burst of 2 (STATLINE_PLANS), so the rate-limit test is quick.
let fx: Fixture;
let app: RunningApp;
let key: string;
let sdk: StatlineClient;

beforeAll(async () => {
  fx = await buildFixture();
  key = createUnlimitedKey(fx.url, "sdk@example.com");
  app = await startApp({
    databaseUrl: fx.url,
    env: { STATLINE_PLANS: JSON.stringify({ free: { ratePerMinute: 60, burst: 2 } }) },
  });
  sdk = createClient({ baseUrl: app.baseUrl, apiKey: key, env: {} });
});
afterAll(async () => {
  await app?.stop();
  await fx?.db.$disconnect();
});

const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

test("the SDK's generated files match the document this server serves (run `npm run sdk:generate`)", async () => {
  const served = (await call(app.baseUrl, "/v1/openapi.json")).body;
  const files = await renderSdkFiles(served);
  for (const [name, text] of Object.entries(files)) {
    const onDisk = fs.readFileSync(path.join(SDK_GENERATED, name), "utf8");
    expect(onDisk === text, `sdk/src/generated/${name} is stale: run \`npm run sdk:generate\``).toBe(true);
  }
});

describe("paginate: limit/offset", () => {
  test("persons: every id exactly once, in id order, the same set as the database", async () => {
    const db = await fx.db.person.findMany({ orderBy: { id: "asc" }, select: { id: true } });
    const seen: string[] = [];
    let pages = 0;
    for await (const page of sdk.pages("/v1/persons", { params: { query: { limit: 37 } } })) {
      pages++;
      expect(page.meta.request_id).toMatch(/^req_/);
      seen.push(...ids(page.data.items));
    }
    expect(seen).toEqual(db.map((p) => String(p.id)));
    expect(pages).toBe(Math.ceil(db.length / 37));
    const items: string[] = [];
    for await (const person of sdk.paginate("/v1/persons", { params: { query: { limit: 37 } } }))
      items.push(person.id);
    expect(items).toEqual(seen);
  });

  test("a limit above the maximum is clamped by the server and the loop still visits every row once", async () => {
    const total = await fx.db.person.count();
    expect(total).toBeGreaterThan(200);
    const seen: string[] = [];
    for await (const p of sdk.paginate("/v1/persons", { params: { query: { limit: 500 } } })) seen.push(p.id);
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
  });

  test("a search, a starting offset and teams", async () => {
    const all = (await sdk.get("/v1/persons", { params: { query: { q: "a", limit: 200 } } })).data;
    const seen: string[] = [];
    for await (const p of sdk.paginate("/v1/persons", {
      params: { query: { q: "a", limit: 9, offset: 5 } },
    }))
      seen.push(p.id);
    expect(seen).toEqual(ids(all.items).slice(5));
    const teams = await fx.db.team.findMany({ orderBy: { id: "asc" }, select: { id: true } });
    const got: string[] = [];
    for await (const t of sdk.paginate("/v1/teams", { params: { query: { limit: 3 } } })) got.push(t.id);
    expect(got).toEqual(teams.map((t) => String(t.id)));
  });

  test("breaking out of the loop stops fetching", async () => {
    let requests = 0;
    const counted = createClient({
      baseUrl: app.baseUrl,
      apiKey: key,
      env: {},
      fetch: (r) => {
        requests++;
        return fetch(r);
      },
    });
    let n = 0;
    for await (const _ of counted.paginate("/v1/persons", { params: { query: { limit: 10 } } }))
      if (++n === 15) break;
    expect(requests).toBe(2);
  });
});

describe("paginate: next_cursor", () => {
  test("odds history equals the one-shot database result, ties included", async () => {
    const rows = await fx.db.oddsPoint.findMany({
      where: { contestId: fx.ids.oddsContest },
      orderBy: [{ observedAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    expect(rows.length).toBeGreaterThan(1000);
    const seen: string[] = [];
    let pages = 0;
    for await (const page of sdk.pages("/v1/contests/{id}/odds/history", {
      params: { path: { id: String(fx.ids.oddsContest) }, query: { limit: 97 } },
    })) {
      pages++;
      expect(page.data.truncated).toBe(page.data.next_cursor !== null);
      seen.push(...ids(page.data.items));
    }
    expect(seen).toEqual(rows.map((r) => String(r.id)));
    expect(pages).toBe(Math.ceil(rows.length / 97));
  });

  test("with filters, through paginate()", async () => {
    const rows = await fx.db.oddsPoint.findMany({
      where: { contestId: fx.ids.oddsContest, bookmaker: "pinnacle", market: "h2h" },
      orderBy: [{ observedAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const seen: string[] = [];
    for await (const p of sdk.paginate("/v1/contests/{id}/odds/history", {
      params: {
        path: { id: String(fx.ids.oddsContest) },
        query: { bookmaker: "pinnacle", market: "h2h", limit: 13 },
      },
    })) {
      expect([p.bookmaker, p.market]).toEqual(["pinnacle", "h2h"]);
      seen.push(p.id);
    }
    expect(seen).toEqual(rows.map((r) => String(r.id)));
  });
});

test("stat is typed as its enum (OpenAPI enum -> generated types) and the server names the valid values", async () => {
  const board = await sdk.get("/v1/analysis/stat-board", {
    params: { query: { competition: String(fx.ids.league), stat: "assists", limit: 3 } },
  });
  const stat:
    | "goals"
    | "own_goals"
    | "assists"
    | "shots"
    | "yellow_cards"
    | "minutes"
    | "wins"
    | "aces"
    | "double_faults" = board.data.stat;
  expect(stat).toBe("assists");
  type BoardStat = NonNullable<
    NonNullable<paths["/v1/analysis/stat-board"]["get"]["parameters"]["query"]>["stat"]
  >;
  // @ts-expect-error "gols" is not a statistic: tsc rejects it (npx tsc --noEmit -p . fails if stat were a plain string)
  const gols: BoardStat = "gols";
  const err = (await sdk
    .get("/v1/analysis/stat-board", { params: { query: { competition: String(fx.ids.league), stat: gols } } })
    .catch((e: unknown) => e)) as StatlineError;
  expect(err).toMatchObject({ code: "INVALID_PARAMETER", status: 400 });
  expect(err.message).toMatch(/'stat'.*must be one of goals, own_goals, assists/);
});

describe("paginate: the change feed", () => {
  test("pages(/v1/changes) ends when has_more is false, with exactly the feed's changes", async () => {
    await fx.db.$transaction((tx) =>
      recordChanges(
        tx,
        Array.from({ length: 30 }, (_, i) => ({
          type: "team.created" as const,
          resourceId: i,
          competitionId: null,
          contestId: null,
          data: { id: String(i) },
        })),
      ),
    );
    const head = await fx.db.change.count();
    expect(head).toBeGreaterThanOrEqual(30);
    const seen: string[] = [];
    let pages = 0;
    for await (const page of sdk.pages("/v1/changes", { params: { query: { limit: 7 } } })) {
      pages++;
      expect(pages).toBeLessThanOrEqual(Math.ceil(head / 7) + 1);
      expect(typeof page.data.next_cursor).toBe("string");
      seen.push(...ids(page.data.items));
    }
    const rows = await fx.db.change.findMany({ orderBy: { id: "asc" }, select: { id: true } });
    expect(seen).toEqual(rows.map((r) => String(r.id)));
    expect(pages).toBe(Math.ceil(rows.length / 7));
    const viaPaginate: string[] = [];
    for await (const c of sdk.paginate("/v1/changes", { params: { query: { limit: 500 } } }))
      viaPaginate.push(c.id);
    expect(viaPaginate).toEqual(seen);
  });
});

test("429 AUTH_THROTTLED (a bad key from an address past its failure budget) is reported at once, not retried", async () => {
  const throttling = await startApp({
    databaseUrl: fx.url,
    env: { AUTH_FAILURE_BURST: "3", AUTH_FAILURES_PER_MINUTE: "1" },
  });
  try {
    const retries: RetryInfo[] = [];
    const bad = createClient({
      baseUrl: throttling.baseUrl,
      apiKey: `sk_test_${"q".repeat(32)}`,
      env: {},
      retry: { onRetry: (r) => retries.push(r) },
    });
    const codes: string[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(((await bad.get("/v1/teams").catch((e: unknown) => e)) as StatlineError).code);
    expect(codes).toEqual(["UNAUTHORIZED", "UNAUTHORIZED", "UNAUTHORIZED", "AUTH_THROTTLED"]);
    const err = (await bad.get("/v1/teams").catch((e: unknown) => e)) as StatlineError;
    expect(err).toMatchObject({ code: "AUTH_THROTTLED", status: 429, retryable: false });
    expect(err.message).toMatch(/missing or invalid API key .*check the API key/);
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(retries).toEqual([]);
  } finally {
    await throttling.stop();
  }
}, 120_000);

describe("errors and retries against the real server", () => {
  test("typed errors carry code, message, status and the request id, and are not retried", async () => {
    let requests = 0;
    const c = createClient({
      baseUrl: app.baseUrl,
      apiKey: key,
      env: {},
      fetch: (r) => {
        requests++;
        return fetch(r);
      },
    });
    const err = (await c
      .get("/v1/persons", { params: { query: { limit: 0 } } })
      .catch((e) => e)) as StatlineError;
    expect(err).toBeInstanceOf(StatlineError);
    expect(err).toMatchObject({ code: "INVALID_PARAMETER", status: 400 });
    expect(err.message).toBe(`Invalid parameter 'limit': ${LIMIT_ZERO}`);
    expect(err.requestId).toMatch(/^req_/);
    expect(requests).toBe(1);
    const missing = (await c
      .get("/v1/persons/{id}", { params: { path: { id: "999999" } } })
      .catch((e) => e)) as StatlineError;
    expect(missing).toMatchObject({ code: "NOT_FOUND", status: 404, message: "Person 999999 not found" });
  });

  test("a revoked key: UNAUTHORIZED 'Invalid API key'; no key: 'API key required'", async () => {
    const doomed = createUnlimitedKey(fx.url, "sdk-revoked@example.com");
    admin(fx.url, "key", "revoke", doomed.slice(0, 16));
    const revoked = createClient({ baseUrl: app.baseUrl, apiKey: doomed, env: {} });
    await expect(revoked.get("/v1/competitions")).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Invalid API key",
      status: 401,
      requestId: expect.stringMatching(/^req_/),
    });
    const none = createClient({ baseUrl: app.baseUrl, env: { STATLINE_CONFIG_DIR: "/nonexistent" } });
    await expect(none.get("/v1/competitions")).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "API key required",
    });
  }, 180_000);

  test("a real 429 is retried after its Retry-After and then succeeds", async () => {
    const free = createKey(fx.url, "sdk-free@example.com");
    // Spend the burst of 2 with plain requests, so the SDK's first attempt is refused.
    for (let i = 0; i < 2; i++)
      expect((await call(app.baseUrl, "/v1/competitions", { key: free })).status).toBe(200);
    const refused = await call(app.baseUrl, "/v1/competitions", { key: free });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);

    const retries: RetryInfo[] = [];
    const c = createClient({
      baseUrl: app.baseUrl,
      apiKey: free,
      env: {},
      retry: { onRetry: (r) => retries.push(r) },
    });
    const started = Date.now();
    const body = await c.get("/v1/competitions");
    expect(body.data.items.length).toBeGreaterThan(0);
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries[0]).toMatchObject({ status: 429, delayMs: wait * 1000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(wait * 1000 - 50);
  }, 180_000);

  test("with retries off, the 429 surfaces as RATE_LIMITED with retryAfter", async () => {
    const free = createKey(fx.url, "sdk-free2@example.com");
    const c = createClient({ baseUrl: app.baseUrl, apiKey: free, env: {}, retry: false });
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => c.get("/v1/competitions")));
    const failed = results
      .filter((r) => r.status === "rejected")
      .map((r) => (r as PromiseRejectedResult).reason);
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed[0]).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(failed[0].retryAfter).toBeGreaterThanOrEqual(1);
  }, 180_000);
});
