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
import { expectNoDrift } from "../support/verify";

// The operator console over real HTTP: two lean instances on one SQLite file (the second one only
// serves /v1, to show a suspension reaching an instance that did not make it).
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const password = "violet tractor anthem 42";
const BOUND_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let url: string;
let db: Db;
let apps: RunningApp[] = [];
let op: { client: SignInClient; id: string; accountId: string };
let user: { client: SignInClient; id: string; accountId: string };
let key: string;

async function signIn(app: RunningApp, email: string) {
  const made = createUser(url, email, password);
  const client = new SignInClient(app.baseUrl);
  expect((await client.credentials(email, password)).status).toBe(200);
  return { client, ...made };
}

beforeAll(async () => {
  url = copyTemplateDb(ensureTemplateDb());
  db = createClient(url);
  // PLAN_POLL_MS short so the plan test waits less; the default (2 s) is the documented bound.
  const env = { PLAN_POLL_MS: "200" };
  apps = await Promise.all([startApp({ databaseUrl: url, env }), startApp({ databaseUrl: url, env })]);
  op = await signIn(apps[0], "operator@example.com");
  await db.account.update({ where: { id: op.accountId }, data: { operator: true } });
  user = await signIn(apps[0], "customer-with-a-rather-long-name@example.com");
  key = (await createApiKey(db, { accountId: user.accountId, name: "prod", environment: "live" })).key;
});

afterAll(async () => {
  if (db) await expectNoDrift(db);
  await Promise.all(apps.map((a) => a.stop()));
  await db?.$disconnect();
});

async function send(
  who: { client: SignInClient; id: string },
  method: string,
  path: string,
  body?: unknown,
  csrf: string | null = csrfTokenFor(who.id),
) {
  const headers: Record<string, string> = { "content-type": "application/json", origin: apps[0].baseUrl };
  if (csrf !== null) headers["x-csrf-token"] = csrf;
  const res = await who.client.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: { data?: Record<string, unknown>; error?: { code: string; message: string } } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // A page.
  }
  return { status: res.status, text, json };
}

const routes = () => {
  const a = `/api/operator/accounts/${user.accountId}`;
  return [
    ["GET", "/api/operator/accounts?q=a"],
    ["GET", a],
    ["POST", `${a}/plan`, { plan: "pro" }],
    ["POST", `${a}/suspend`, { reason: "x" }],
    ["POST", `${a}/reinstate`, {}],
    ["POST", `${a}/operator`, { operator: true }],
    ["GET", "/api/operator/plans"],
    ["PUT", "/api/operator/plans/free", { label: "F", ratePerMinute: 1, burst: 1, monthlyUnits: 1 }],
    ["POST", "/api/operator/import?name=x.csv", "Div,Date"],
    ["GET", "/api/operator/system"],
    ["GET", "/api/operator/adjustments"],
    [
      "POST",
      "/api/operator/adjustments",
      { competition: "en.1", edition: "2023/24", team: "Everton", points: -8, reason: "x" },
    ],
    ["POST", "/api/operator/adjustments/1/delete", {}],
    ["GET", "/api/operator/aliases"],
    ["POST", "/api/operator/aliases", { team: "Everton", alias: "The Toffees" }],
    ["POST", "/api/operator/aliases/1/delete", {}],
    ["GET", "/api/operator/verify"],
    ["POST", "/api/operator/verify", { repair: true }],
  ] as [string, string, unknown?][];
};
const PAGES = () => [
  "/operator",
  "/operator/plans",
  "/operator/data",
  "/operator/system",
  `/operator/accounts/${user.accountId}`,
];

describe("operator console", () => {
  test("everyone but an operator gets 404 on every console page and route, and nothing changes", async () => {
    const anonymous = { client: new SignInClient(apps[0].baseUrl), id: "nobody" };
    for (const who of [user, anonymous]) {
      for (const [method, path, body] of routes()) {
        const r = await send(who, method, path, body);
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.json.error?.code, `${method} ${path}`).toBe("NOT_FOUND");
      }
      for (const page of PAGES()) {
        const res = await who.client.get(page);
        expect(res.status, page).toBe(404);
        expect(await res.text()).toContain("Page not found");
      }
    }
    const account = await db.account.findUniqueOrThrow({ where: { id: user.accountId } });
    expect([account.plan, account.suspendedAt, account.operator]).toEqual(["free", null, false]);
    expect(await db.teamAlias.count({ where: { alias: "The Toffees" } })).toBe(0);
    expect((await db.plan.findUniqueOrThrow({ where: { name: "free" } })).ratePerMinute).toBe(60);
  });

  test("an operator's mutations without the CSRF token (or another user's) are refused", async () => {
    for (const [method, path, body] of routes().filter(([m]) => m !== "GET")) {
      for (const csrf of [null, csrfTokenFor(user.id)]) {
        const r = await send(op, method, path, body, csrf);
        expect(r.status, `${method} ${path}`).toBe(403);
        expect(r.json.error?.code).toBe("FORBIDDEN");
      }
    }
    const account = await db.account.findUniqueOrThrow({ where: { id: user.accountId } });
    expect([account.plan, account.suspendedAt]).toEqual(["free", null]);
    expect(await db.teamAlias.count({ where: { alias: "The Toffees" } })).toBe(0);
  });

  test("bad input gets the error body, never a 500", async () => {
    const a = `/api/operator/accounts/${user.accountId}`;
    const cases: [string, string, unknown, number][] = [
      ["POST", `${a}/plan`, { plan: "gold" }, 400],
      ["POST", `${a}/plan`, { plan: 7 }, 400],
      ["POST", `${a}/suspend`, { reason: "   " }, 400],
      ["POST", `${a}/suspend`, { reason: "x".repeat(501) }, 400],
      ["POST", `${a}/suspend`, [], 400],
      ["POST", "/api/operator/accounts/nope/suspend", { reason: "x" }, 404],
      ["GET", `/api/operator/accounts/${"x".repeat(5000)}`, undefined, 404],
      [
        "PUT",
        "/api/operator/plans/free",
        { label: "F", ratePerMinute: 5, burst: null, monthlyUnits: 1 },
        400,
      ],
      [
        "PUT",
        "/api/operator/plans/Bad%20Name",
        { label: "F", ratePerMinute: null, burst: null, monthlyUnits: null },
        400,
      ],
      [
        "PUT",
        "/api/operator/plans/free",
        { label: "F", ratePerMinute: 1e12, burst: 1, monthlyUnits: 1 },
        400,
      ],
      ["GET", `/api/operator/accounts?page=-1`, undefined, 400],
      ["POST", "/api/operator/import?name=evil.sh", "x", 400],
      ["POST", "/api/operator/import?name=empty.csv", "", 400],
      ["POST", "/api/operator/import?name=junk.csv", "not,a,known,header\n1,2,3,4", 400],
    ];
    for (const [method, path, body, status] of cases) {
      const r = await send(op, method, path, body);
      expect(r.status, `${method} ${path}`).toBe(status);
      expect(typeof r.json.error?.message, `${method} ${path}`).toBe("string");
    }
    const big = await op.client.request("/api/operator/import?name=big.csv", {
      method: "POST",
      headers: { "x-csrf-token": csrfTokenFor(op.id), origin: apps[0].baseUrl },
      body: "x".repeat(5 * 1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
  });

  test("suspension: the key is refused within 2 s on the other instance, the dashboard says why, reinstating restores it", async () => {
    for (const app of apps) expect((await call(app.baseUrl, "/v1/teams?limit=1", { key })).status).toBe(200);
    const t0 = performance.now();
    const r = await send(op, "POST", `/api/operator/accounts/${user.accountId}/suspend`, {
      reason: "Card payments charged back <script>alert(1)</script>",
    });
    expect(r.status).toBe(200);
    let refused: { status: number; body: unknown } | null = null;
    while (performance.now() - t0 < BOUND_MS + 3000) {
      const res = await call(apps[1].baseUrl, "/v1/teams?limit=1", { key });
      if (res.status === 401) {
        refused = { status: res.status, body: res.body };
        break;
      }
      await sleep(50);
    }
    const took = performance.now() - t0;
    expect(refused?.body).toEqual({ error: { code: "UNAUTHORIZED", message: "Invalid API key" } });
    expect(took).toBeLessThan(BOUND_MS);
    expect((await call(apps[0].baseUrl, "/v1/teams?limit=1", { key })).status).toBe(401);

    const page = await user.client.get("/dashboard");
    const html = await page.text();
    expect(html).toContain("This account is suspended");
    expect(html).toContain("Card payments charged back &lt;script&gt;");
    expect(html).not.toContain("<script>alert(1)</script>");

    const audit = await db.auditEvent.findFirstOrThrow({
      where: { accountId: user.accountId, action: "account.suspended" },
    });
    expect([audit.actorUserId, audit.detail.startsWith("by operator@example.com: ")]).toEqual([op.id, true]);

    expect((await send(op, "POST", `/api/operator/accounts/${user.accountId}/reinstate`, {})).status).toBe(
      200,
    );
    const t1 = performance.now();
    let back = 0;
    while (performance.now() - t1 < BOUND_MS + 3000) {
      back = (await call(apps[1].baseUrl, "/v1/teams?limit=1", { key })).status;
      if (back === 200) break;
      await sleep(50);
    }
    expect(back).toBe(200);
    expect(await (await user.client.get("/dashboard")).text()).not.toContain("This account is suspended");
  });

  test("a plan edit changes a key's X-RateLimit-Limit on every instance", async () => {
    const plan = { label: "Team", ratePerMinute: 6000, burst: 50, monthlyUnits: null };
    expect((await send(op, "PUT", "/api/operator/plans/team", plan)).status).toBe(200);
    expect(
      (await send(op, "POST", `/api/operator/accounts/${user.accountId}/plan`, { plan: "team" })).status,
    ).toBe(200);
    const limitOn = async (app: RunningApp) =>
      (await fetch(`${app.baseUrl}/v1/teams?limit=1`, { headers: { "x-api-key": key } })).headers.get(
        "x-ratelimit-limit",
      );
    const waitFor = async (want: string) => {
      const t0 = performance.now();
      const seen: (string | null)[] = [];
      for (const app of apps) {
        let got = await limitOn(app);
        while (got !== want && performance.now() - t0 < 5000) {
          await sleep(100);
          got = await limitOn(app);
        }
        seen.push(got);
      }
      return seen;
    };
    expect(await waitFor("50")).toEqual(["50", "50"]);
    expect((await send(op, "PUT", "/api/operator/plans/team", { ...plan, burst: 40 })).status).toBe(200);
    expect(await waitFor("40")).toEqual(["40", "40"]);
    const catalogue = await send(op, "GET", "/api/operator/plans");
    expect(catalogue.json.data).toEqual(
      expect.arrayContaining([
        {
          name: "team",
          label: "Team",
          ratePerMinute: 6000,
          burst: 40,
          monthlyUnits: null,
          unitCosts: DEFAULT_UNIT_COSTS,
        },
      ]),
    );
    expect(
      await db.auditEvent.count({
        where: { accountId: op.accountId, action: "plan.updated", actorUserId: op.id },
      }),
    ).toBe(1);
  });

  test("search, detail and system answer operators without any key secret", async () => {
    const list = await send(op, "GET", "/api/operator/accounts?q=customer-with");
    const items = (list.json.data as { items: { id: string; keys: number }[] }).items;
    expect(items.map((i) => i.id)).toEqual([user.accountId]);
    const detail = await send(op, "GET", `/api/operator/accounts/${user.accountId}`);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain(key.slice(0, 16));
    expect(detail.text).not.toContain(key.slice(16));
    expect(detail.text).not.toContain("secretHash");
    const system = await send(op, "GET", "/api/operator/system");
    expect(system.json.data).toMatchObject({ database: "up", redis: "not_configured" });
    const page = await op.client.get(`/operator/accounts/${user.accountId}`);
    expect(page.status).toBe(200);
  });

  test("verify: the drifts of derived facts over HTTP (GET checks, POST repairs), and by the CLI", async () => {
    const clean = await send(op, "GET", "/api/operator/verify");
    expect(clean.status).toBe(200);
    expect(clean.json.data).toMatchObject({ drifts: [], repaired: false });
    const side = await db.contestParticipant.findFirstOrThrow({
      where: { outcome: "win", contest: { status: "finished" } },
      orderBy: { id: "asc" },
    });
    await db.contestParticipant.update({ where: { id: side.id }, data: { outcome: "draw" } });
    const drift = { entity: "contest", id: String(side.contestId), field: `${side.side}.outcome` };
    const found = await send(op, "GET", "/api/operator/verify");
    expect(found.json.data?.drifts).toEqual([{ ...drift, stored: "draw", expected: "win" }]);
    // The CLI: the table (or JSON) on stdout and exit status 1 while a drift is there.
    const cli = (...args: string[]) => {
      try {
        return { status: 0, stdout: admin(url, "verify", ...args) };
      } catch (err) {
        return err as { status: number; stdout: string };
      }
    };
    const table = cli();
    expect(table.status).toBe(1);
    expect(table.stdout).toMatch(
      new RegExp(`^contest +${side.contestId} +${side.side}\\.outcome +draw +win$`, "m"),
    );
    expect(JSON.parse(cli("--json").stdout)).toMatchObject({ drifts: [drift] });
    expect((await send(op, "POST", "/api/operator/verify", {})).status).toBe(400);
    const repaired = await send(op, "POST", "/api/operator/verify", { repair: true });
    expect(repaired.json.data).toMatchObject({ repaired: true, changes: 1, drifts: [drift] });
    expect((await send(op, "GET", "/api/operator/verify")).json.data).toMatchObject({ drifts: [] });
  });

  test("the operator CLI edits plans and suspends, with the same services", async () => {
    expect(
      admin(
        url,
        "plan",
        "set",
        "cli-plan",
        "--label",
        "CLI",
        "--rate",
        "100",
        "--burst",
        "10",
        "--units",
        "5_000",
      ),
    ).toContain("plan cli-plan: 100/min, burst 10, 5,000 units/month");
    admin(url, "plan", "set", "cli-plan", "--units", "unlimited");
    expect(await db.plan.findUniqueOrThrow({ where: { name: "cli-plan" } })).toMatchObject({
      label: "CLI",
      ratePerMinute: 100,
      burst: 10,
      monthlyUnits: null,
    });
    expect(() => admin(url, "plan", "set", "cli-plan", "--burst", "unlimited")).toThrow();
    expect(() => admin(url, "plan", "set", "Bad Name")).toThrow();
    expect(admin(url, "plan", "list")).toContain("cli-plan\t100\t10\tunlimited");

    const email = "customer-with-a-rather-long-name@example.com";
    expect(admin(url, "account", "suspend", "--email", email, "--reason", "cli test")).toContain("suspended");
    // The CLI has no Redis here: the key cache's TTL (900 ms) bounds it.
    const t0 = performance.now();
    let status = 0;
    while (performance.now() - t0 < BOUND_MS + 3000) {
      status = (await call(apps[1].baseUrl, "/v1/teams?limit=1", { key })).status;
      if (status === 401) break;
      await sleep(50);
    }
    expect(status).toBe(401);
    expect(admin(url, "account", "reinstate", "--email", email)).toContain("reinstated");
    const audit = await db.auditEvent.findFirstOrThrow({
      where: { accountId: user.accountId, action: "account.suspended", detail: { contains: "cli test" } },
    });
    expect(audit.detail).toBe("by admin-cli: cli test");
  });
});
