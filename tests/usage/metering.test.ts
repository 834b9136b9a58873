import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { admin, createKey } from "../support/cli";
import { ensureTemplateDb } from "../support/template";
import { call, setPlan, waitForUsage } from "./support";

// Metering over real HTTP against the built server: every authenticated request is counted
// exactly once, with the right units, and only for the account it belongs to.
const PLANS = JSON.stringify({ slow: { ratePerMinute: 1, burst: 5, monthlyUnits: 1000 } });
process.env.STATLINE_PLANS = PLANS; // for the admin CLI and the server alike

describe("metering over HTTP", () => {
  let app: RunningApp;
  let dbUrl: string;
  const keys: Record<string, string> = {};
  /** When dave's requests were sent: his key's last-used time must fall inside this window. */
  const daveSent = { from: 0, to: 0 };

  beforeAll(async () => {
    dbUrl = copyTemplateDb(ensureTemplateDb());
    keys.bob = createKey(dbUrl, "bob@metering.test", "test");
    keys.dave = createKey(dbUrl, "dave@metering.test", "live");
    keys.aliceTest = createKey(dbUrl, "alice@metering.test", "test");
    keys.aliceLive = createKey(dbUrl, "alice@metering.test", "live");
    keys.carol = createKey(dbUrl, "carol@metering.test", "live");
    keys.carolOld = createKey(dbUrl, "carol@metering.test", "test");
    admin(dbUrl, "key", "revoke", keys.carolOld.slice(0, 16));
    setPlan(dbUrl, "bob@metering.test", "unlimited");
    setPlan(dbUrl, "dave@metering.test", "unlimited");
    setPlan(dbUrl, "alice@metering.test", "slow");
    app = await startApp({ databaseUrl: dbUrl, env: { STATLINE_PLANS: PLANS } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("counts N requests of mixed outcome exactly; 4xx cost 0 units but count", async () => {
    const plan: [string, number, number][] = [
      ["/v1/teams", 200, 12],
      ["/v1/teams?limit=abc", 400, 4],
      ["/v1/nope", 404, 3],
      ["/v1/teams/999999", 404, 2],
    ];
    let used = 0;
    for (const [path, status, n] of plan) {
      for (let i = 0; i < n; i++) {
        const res = await call(app.baseUrl, path, keys.bob);
        expect(res.status).toBe(status);
        const cost = status === 200 ? 1 : 0;
        used += cost;
        expect(res.headers["x-units-cost"]).toBe(String(cost));
        expect(res.headers["x-units-used"]).toBe(String(used));
        expect(res.headers["x-units-remaining"]).toBe("2147483647");
        expect(res.headers["x-ratelimit-limit"]).toBe("2147483647");
      }
    }
    const post = await call(app.baseUrl, "/v1/teams", keys.bob, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers["x-units-cost"]).toBe("0");

    const t = await waitForUsage(dbUrl, "bob@metering.test", (u) => u.requests >= 22);
    expect(t).toMatchObject({ requests: 22, units: 12, plan: "unlimited" });
    expect(t.by_status_class).toEqual({ "2xx": 12, "3xx": 0, "4xx": 10, "429": 0, "5xx": 0 });
    expect(t.by_endpoint).toEqual({
      "/v1/teams": { requests: 17, units: 12 },
      "/v1/teams/{id}": { requests: 2, units: 0 },
      "(unmatched)": { requests: 3, units: 0 },
    });
  });

  it("counts exactly under 50 concurrent connections", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const N = 1500;
    daveSent.from = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: N }, () =>
        call(app.baseUrl, "/v1/teams?limit=5", keys.dave, { agent }).then((r) => r.status),
      ),
    );
    daveSent.to = Date.now();
    agent.destroy();
    expect(statuses.filter((s) => s === 200)).toHaveLength(N);
    const t = await waitForUsage(dbUrl, "dave@metering.test", (u) => u.requests >= N);
    expect(t).toMatchObject({ requests: N, units: N, month_units_used: N });
    expect(t.by_key[keys.dave.slice(0, 16)]).toEqual({ requests: N, units: N, environment: "live" });
  });

  it("treats live and test keys identically: same limits, same headers, both metered", async () => {
    const seen: Record<string, string[]> = { test: [], live: [] };
    for (const [env, key] of [
      ["test", keys.aliceTest],
      ["live", keys.aliceLive],
    ] as const) {
      for (let i = 0; i < 6; i++) {
        const res = await call(app.baseUrl, "/v1/teams", key);
        seen[env].push(
          `${res.status} ${res.headers["x-ratelimit-limit"]} ${res.headers["x-ratelimit-remaining"]} ${res.body.error?.code ?? ""}`,
        );
      }
    }
    const expected = ["200 5 4 ", "200 5 3 ", "200 5 2 ", "200 5 1 ", "200 5 0 ", "429 5 0 RATE_LIMITED"];
    expect(seen).toEqual({ test: expected, live: expected });
    const t = await waitForUsage(dbUrl, "alice@metering.test", (u) => u.requests >= 12);
    expect(t.by_key).toEqual({
      [keys.aliceTest.slice(0, 16)]: { requests: 6, units: 5, environment: "test" },
      [keys.aliceLive.slice(0, 16)]: { requests: 6, units: 5, environment: "live" },
    });
    expect(t.by_status_class).toMatchObject({ "2xx": 10, "429": 2 });
  });

  it("counts failed authentications for the key's account only, never for anyone else", async () => {
    const wrongSecret = `${keys.carol.slice(0, 16)}${"x".repeat(24)}`;
    const unknownPrefix = `sk_live_ZZZZZZZZ${"y".repeat(24)}`;
    for (let i = 0; i < 3; i++) expect((await call(app.baseUrl, "/v1/teams", wrongSecret)).status).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await call(app.baseUrl, "/v1/teams", keys.carolOld)).status).toBe(401);
    for (let i = 0; i < 4; i++)
      expect((await call(app.baseUrl, "/v1/teams", unknownPrefix)).status).toBe(401);
    const unauthenticated = await call(app.baseUrl, "/v1/teams");
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers["x-units-cost"]).toBeUndefined();
    expect((await call(app.baseUrl, "/v1/teams", keys.carol)).status).toBe(200);

    const t = await waitForUsage(
      dbUrl,
      "carol@metering.test",
      (u) => u.auth_failures.total >= 5 && u.requests >= 1,
    );
    expect(t.auth_failures).toEqual({ total: 5, invalid_secret: 3, revoked: 2 });
    expect(t.requests).toBe(1); // failed authentications are not requests of the account
    expect(t.by_key).toEqual({ [keys.carol.slice(0, 16)]: { requests: 1, units: 1, environment: "live" } });
    const byKey = JSON.parse(
      admin(dbUrl, "usage", "--email", "carol@metering.test", "--key", keys.carolOld.slice(0, 16), "--json"),
    );
    expect(byKey.auth_failures).toEqual({ total: 2, invalid_secret: 0, revoked: 2 });
    for (const other of ["bob", "dave", "alice"]) {
      const o = JSON.parse(admin(dbUrl, "usage", "--email", `${other}@metering.test`, "--json"));
      expect(o.auth_failures.total).toBe(0);
    }
    // Six admin CLI runs (a tsx start each): generous for a loaded machine; not a speed target.
  }, 180_000);

  it("meters the same way through the plain Next.js route handler", async () => {
    const key = createKey(dbUrl, "nina@metering.test", "test");
    const next = await startApp({ databaseUrl: dbUrl, mode: "next", env: { STATLINE_PLANS: PLANS } });
    try {
      const ok = await call(next.baseUrl, "/v1/teams", key);
      expect(ok.status).toBe(200);
      expect(ok.headers).toMatchObject({
        "x-ratelimit-limit": "20",
        "x-ratelimit-remaining": "19",
        "x-units-cost": "1",
        "x-units-used": "1",
      });
      expect((await call(next.baseUrl, "/v1/teams?limit=abc", key)).status).toBe(400);
      const t = await waitForUsage(dbUrl, "nina@metering.test", (u) => u.requests >= 2);
      expect(t).toMatchObject({ requests: 2, units: 1 });
    } finally {
      await next.stop();
    }
  });

  it("updates the key's last-used time", async () => {
    const listing = admin(dbUrl, "key", "list", "--email", "dave@metering.test");
    expect(listing).toContain(keys.dave.slice(0, 16));
    const { createClient } = await import("../../lib/platform/db/client");
    const db = createClient(dbUrl);
    try {
      const key = await db.apiKey.findUniqueOrThrow({ where: { prefix: keys.dave.slice(0, 16) } });
      expect(key.lastUsedAt).not.toBeNull();
      // Within the window of dave's requests (second precision tolerated), however long the suite ran.
      expect(key.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(daveSent.from - 1000);
      expect(key.lastUsedAt!.getTime()).toBeLessThanOrEqual(daveSent.to + 1000);
    } finally {
      await db.$disconnect();
    }
  });
});
