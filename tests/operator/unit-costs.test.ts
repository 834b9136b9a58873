import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { createClient, type Db } from "../../lib/platform/db/client";
import { createApiKey } from "../../lib/keys/service";
import { DEFAULT_UNIT_COSTS } from "../../lib/plans/unit-groups";
import { SignInClient } from "../accounts/support";
import { call } from "../support/api";
import { admin } from "../support/cli";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";

// A plan's unit cost per endpoint group, edited in the console: the next /v1 call of that group is
// metered at the new price (X-Units-* headers, the usage buckets, the quota), other groups keep theirs.
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const password = "violet tractor anthem 42";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let url: string;
let db: Db;
let app: RunningApp;
let op: { client: SignInClient; id: string; accountId: string };
let key: { key: string; id: string };
let contestId: number;

async function put(plan: string, body: unknown) {
  const res = await op.client.request(`/api/operator/plans/${plan}`, {
    method: "PUT",
    headers: { "content-type": "application/json", origin: app.baseUrl, "x-csrf-token": csrfTokenFor(op.id) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data?: { unitCosts: Record<string, number> } } };
}

const units = async (path: string) => {
  const r = await call(app.baseUrl, path, { key: key.key });
  const h = (n: string) => r.headers.get(n);
  return {
    status: r.status,
    cost: h("x-units-cost"),
    used: h("x-units-used"),
    remaining: h("x-units-remaining"),
  };
};

/** Units metered for this key per endpoint, once the per-second flush has written them. */
async function metered(endpoint: string, want: number): Promise<number> {
  const t0 = Date.now();
  let sum = 0;
  while (Date.now() - t0 < 5000) {
    const agg = await db.usageBucket.aggregate({
      where: { apiKeyId: key.id, endpoint },
      _sum: { units: true },
    });
    sum = agg._sum.units ?? 0;
    if (sum === want) break;
    await sleep(100);
  }
  return sum;
}

const PLAN = { label: "Metered", ratePerMinute: null, burst: null, monthlyUnits: 1000 };

beforeAll(async () => {
  url = copyTemplateDb(ensureTemplateDb());
  db = createClient(url);
  app = await startApp({ databaseUrl: url, env: { PLAN_POLL_MS: "200" } });
  const made = createUser(url, "costs-operator@example.com", password);
  op = { client: new SignInClient(app.baseUrl), ...made };
  expect((await op.client.credentials("costs-operator@example.com", password)).status).toBe(200);
  await db.account.update({ where: { id: op.accountId }, data: { operator: true } });
  expect((await put("metered", PLAN)).status).toBe(200);
  const customer = await db.user.create({
    data: { email: "metered@example.com", account: { create: { name: "Metered Ltd", plan: "metered" } } },
  });
  const made2 = await createApiKey(db, { accountId: customer.accountId, name: "k", environment: "live" });
  key = { key: made2.key, id: made2.record.id };
  contestId = (await db.contest.findFirstOrThrow({ select: { id: true } })).id;
});

afterAll(async () => {
  await app?.stop();
  await db?.$disconnect();
});

describe("unit cost per endpoint group", () => {
  test("editing a group's price changes what the next call of that group costs, is metered at and leaves of the quota", async () => {
    expect(await units("/v1/teams?limit=1")).toEqual({ status: 200, cost: "1", used: "1", remaining: "999" });

    const saved = await put("metered", { ...PLAN, unitCosts: { reference: 7 } });
    expect(saved.status).toBe(200);
    expect(saved.json.data?.unitCosts).toEqual({ ...DEFAULT_UNIT_COSTS, reference: 7 });
    // The same request again (a response-cache hit) and a fresh one: both at the new price.
    expect(await units("/v1/teams?limit=1")).toEqual({ status: 200, cost: "7", used: "8", remaining: "992" });
    expect(await units("/v1/teams?limit=2")).toEqual({
      status: 200,
      cost: "7",
      used: "15",
      remaining: "985",
    });
    // Another group keeps its price.
    expect(await units(`/v1/contests/${contestId}`)).toEqual({
      status: 200,
      cost: "1",
      used: "16",
      remaining: "984",
    });
    expect(await metered("/v1/teams", 15)).toBe(15);
    expect(await metered("/v1/contests/{id}", 1)).toBe(1);

    // Groups left out of an edit keep their price; a price the quota cannot cover is refused.
    expect(
      (await put("metered", { ...PLAN, monthlyUnits: 20, unitCosts: { contests: 2 } })).json.data?.unitCosts,
    ).toEqual({ ...DEFAULT_UNIT_COSTS, reference: 7, contests: 2 });
    const refused = await call(app.baseUrl, "/v1/teams?limit=1", { key: key.key });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("QUOTA_EXCEEDED");
    expect(await units(`/v1/contests/${contestId}`)).toEqual({
      status: 200,
      cost: "2",
      used: "18",
      remaining: "2",
    });
    // Free: a price of 0 passes even a spent quota.
    await put("metered", { ...PLAN, monthlyUnits: 18, unitCosts: { reference: 0 } });
    expect(await units("/v1/teams?limit=1")).toEqual({ status: 200, cost: "0", used: "18", remaining: "0" });

    const audit = await db.auditEvent.findFirstOrThrow({
      where: { accountId: op.accountId, action: "plan.updated" },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.detail).toContain("units per call reference 1 contests 1 odds 5");
    expect(audit.detail).toContain("-> ");
    expect(audit.detail).toContain("reference 7 contests 1 odds 5 analysis 1 feed 1");
  });

  test("a price must be a whole number of units from 0 to 1000 in a known group", async () => {
    for (const unitCosts of [{ odds: -1 }, { odds: 1001 }, { odds: 1.5 }, { odds: "5" }, { bogus: 1 }, []]) {
      const r = await put("metered", { ...PLAN, unitCosts });
      expect(r.status, JSON.stringify(unitCosts)).toBe(400);
      expect(Object.keys(r.json)).toEqual(["error"]);
    }
    const stored = await db.plan.findUniqueOrThrow({ where: { name: "metered" } });
    expect(JSON.parse(stored.unitCosts)).toMatchObject({ reference: 0 });
  });

  test("the operator CLI shows and edits the prices; the running server applies them within PLAN_POLL_MS", async () => {
    expect(
      admin(url, "plan", "set", "metered", "--units", "unlimited", "--costs", "analysis=3,odds=9"),
    ).toContain("unlimited units/month, units per call reference=0,contests=2,odds=9,analysis=3,feed=1");
    const listed = JSON.parse(admin(url, "plan", "list", "--json")) as { name: string; unitCosts: unknown }[];
    expect(listed.find((p) => p.name === "metered")?.unitCosts).toEqual({
      reference: 0,
      contests: 2,
      odds: 9,
      analysis: 3,
      feed: 1,
    });
    expect(admin(url, "plan", "list")).toMatch(
      /free\t60\t20\t10,000\treference=1,contests=1,odds=5,analysis=1,feed=1/,
    );
    // Each CLI run is a process start (about 1 s idle, more on a busy machine): two refusals suffice here.
    for (const bad of ["odds=1001", "nope=1"])
      expect(() => admin(url, "plan", "set", "metered", "--costs", bad), bad).toThrow();
    const odds = await units(`/v1/contests/${contestId}/odds/history`);
    const t0 = Date.now();
    let seen = odds;
    while (seen.cost !== "9" && Date.now() - t0 < 5000) {
      await sleep(100);
      seen = await units(`/v1/contests/${contestId}/odds/history`);
    }
    expect(seen).toMatchObject({ status: 200, cost: "9", remaining: "2147483647" });
  }, 180_000);
});
