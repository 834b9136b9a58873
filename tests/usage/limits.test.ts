import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../lib/platform/db/client";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { createKey } from "../support/cli";
import { ensureTemplateDb } from "../support/template";
import { call, setPlan, sleep, waitForUsage, type Res } from "./support";

// Rate limits and quotas over real HTTP: 429s with correct Retry-After, headers that count down.
const PLANS = JSON.stringify({
  slow: { ratePerMinute: 1, burst: 5, monthlyUnits: 1000 },
  tiny: { ratePerMinute: 600, burst: 100, monthlyUnits: 5 },
});
process.env.STATLINE_PLANS = PLANS;

function nextMonthIso(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
}

describe("rate limits and quotas over HTTP", () => {
  let app: RunningApp;
  let dbUrl: string;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    dbUrl = copyTemplateDb(ensureTemplateDb());
    keys.free = createKey(dbUrl, "free@limits.test", "test");
    keys.slow = createKey(dbUrl, "slow@limits.test", "live");
    keys.tiny = createKey(dbUrl, "tiny@limits.test", "test");
    keys.eve = createKey(dbUrl, "eve@limits.test", "test");
    keys.frank = createKey(dbUrl, "frank@limits.test", "test");
    setPlan(dbUrl, "slow@limits.test", "slow");
    setPlan(dbUrl, "tiny@limits.test", "tiny");
    // eve (free, 10,000 units) has used 9,998 units this month and plenty last month
    const db = createClient(dbUrl);
    try {
      const key = await db.apiKey.findUniqueOrThrow({ where: { prefix: keys.eve.slice(0, 16) } });
      const now = new Date();
      const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 0, 5));
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 20, 10, 0));
      const row = { accountId: key.accountId, apiKeyId: key.id, endpoint: "/v1/teams", statusClass: "2xx" };
      await db.usageBucket.createMany({
        data: [
          { ...row, minute: thisMonth, requests: 9998, units: 9998 },
          { ...row, minute: lastMonth, requests: 50_000, units: 50_000 },
        ],
      });
    } finally {
      await db.$disconnect();
    }
    app = await startApp({ databaseUrl: dbUrl, env: { STATLINE_PLANS: PLANS } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("free plan: the request after the burst gets 429 RATE_LIMITED, and Retry-After is enough", async () => {
    const started = Date.now();
    const first = await call(app.baseUrl, "/v1/teams", keys.free);
    expect(first.headers).toMatchObject({
      "x-ratelimit-limit": "20",
      "x-ratelimit-remaining": "19",
      "x-ratelimit-reset": "1",
    });
    let ok = 1;
    let refused: Res | undefined;
    while (!refused) {
      const res = await call(app.baseUrl, "/v1/teams", keys.free);
      if (res.status === 429) refused = res;
      else {
        expect(res.status).toBe(200);
        ok++;
        expect(ok).toBeLessThan(100);
      }
    }
    const elapsedS = (Date.now() - started) / 1000;
    // 20 at once, plus one per second that passed meanwhile (60/min)
    expect(ok).toBeGreaterThanOrEqual(20);
    expect(ok).toBeLessThanOrEqual(20 + Math.ceil(elapsedS));
    expect(refused!.body.error).toMatchObject({ code: "RATE_LIMITED" });
    expect(refused!.body.error!.message).toContain("60 requests per minute");
    expect(refused!.headers["retry-after"]).toBe("1");
    expect(refused!.headers["x-ratelimit-remaining"]).toBe("0");
    expect(refused!.headers["x-units-cost"]).toBe("0");
    await sleep(Number(refused!.headers["retry-after"]) * 1000);
    expect((await call(app.baseUrl, "/v1/teams", keys.free)).status).toBe(200);
  });

  it("headers count down exactly, and Retry-After names the wait for the next token", async () => {
    const rows: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call(app.baseUrl, "/v1/teams", keys.slow);
      rows.push(
        [
          r.status,
          r.headers["x-ratelimit-limit"],
          r.headers["x-ratelimit-remaining"],
          r.headers["x-ratelimit-reset"],
          r.headers["x-units-used"],
          r.headers["x-units-remaining"],
        ].join(" "),
      );
    }
    // 1 request/minute, bursts of 5: each request pushes the full-bucket time 60 s further out
    expect(rows).toEqual([
      "200 5 4 60 1 999",
      "200 5 3 120 2 998",
      "200 5 2 180 3 997",
      "200 5 1 240 4 996",
      "200 5 0 300 5 995",
    ]);
    const refused = await call(app.baseUrl, "/v1/teams", keys.slow);
    expect(refused.status).toBe(429);
    expect(refused.body.error!.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(58);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(refused.headers["x-units-used"]).toBe("5"); // a refused request costs nothing
  });

  it("a spent quota answers 429 QUOTA_EXCEEDED saying when it resets; free paths still answer", async () => {
    for (let i = 0; i < 5; i++) {
      const r = await call(app.baseUrl, "/v1/teams", keys.tiny);
      expect(r.status).toBe(200);
      expect(r.headers["x-units-remaining"]).toBe(String(4 - i));
    }
    const spent = await call(app.baseUrl, "/v1/teams", keys.tiny);
    expect(spent.status).toBe(429);
    expect(spent.body.error!.code).toBe("QUOTA_EXCEEDED");
    expect(spent.body.error!.message).toContain(`resets at ${nextMonthIso()}`);
    const retryAfter = Number(spent.headers["retry-after"]);
    expect(Math.abs(retryAfter - (Date.parse(nextMonthIso()) - Date.now()) / 1000)).toBeLessThan(5);
    expect(spent.headers["x-units-remaining"]).toBe("0");
    expect((await call(app.baseUrl, "/v1/nope", keys.tiny)).status).toBe(404);
    const t = await waitForUsage(dbUrl, "tiny@limits.test", (u) => u.requests >= 7);
    expect(t).toMatchObject({ requests: 7, units: 5, month_units_used: 5, month_units_quota: 5 });
    expect(t.by_status_class).toMatchObject({ "2xx": 5, "429": 1, "4xx": 1 });
  });

  it("the quota counts units already in the database for this month only", async () => {
    const a = await call(app.baseUrl, "/v1/teams", keys.eve);
    const b = await call(app.baseUrl, "/v1/teams", keys.eve);
    expect([a.status, a.headers["x-units-used"], a.headers["x-units-remaining"]]).toEqual([200, "9999", "1"]);
    expect([b.status, b.headers["x-units-used"], b.headers["x-units-remaining"]]).toEqual([
      200,
      "10000",
      "0",
    ]);
    const c = await call(app.baseUrl, "/v1/teams", keys.eve);
    expect(c.status).toBe(429);
    expect(c.body.error!.code).toBe("QUOTA_EXCEEDED");
    expect(c.body.error!.message).toContain("10000 of 10000 units");
  });

  it("a plan change reaches the running server within seconds", async () => {
    const before = await call(app.baseUrl, "/v1/teams", keys.frank);
    expect(before.headers["x-ratelimit-limit"]).toBe("20");
    setPlan(dbUrl, "frank@limits.test", "unlimited");
    await sleep(1500); // the verified-key cache lives < 1 s
    const after = await call(app.baseUrl, "/v1/teams", keys.frank);
    expect(after.headers["x-ratelimit-limit"]).toBe("2147483647");
    expect(after.headers["x-units-remaining"]).toBe("2147483647");
    expect(after.headers["x-units-used"]).toBe("2");
  });
});
