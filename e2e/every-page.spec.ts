import { expect, test, type Page } from "@playwright/test";
import { keyRecord, newUserPage, setPlan } from "./dashboard-helpers";
import {
  addMember,
  consentUrl,
  csrfOf,
  handoffPage,
  longAccounts,
  makeOperator,
  sweep,
  userByEmail,
  type Visit,
} from "./support/pages";

// Every page at 1280x800, 1440x900, 768x1024 and 390x844, as the role that uses it: public pages
// signed out, the dashboard as the owner of a workspace with a long name, 30 long-named keys, log
// rows and members (and as a viewer of it), the agent and MCP approval pages, and the operator
// console as an operator. Each page: no sideways scroll, its key actions in view, axe 0 serious or
// critical violations. One browser context per role; each page is loaded once and resized.
test.describe.configure({ mode: "serial" });

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { name, level: 1 });
const button = (name: string | RegExp) => (page: Page) => page.getByRole("button", { name }).first();
const LONG = "Northern Hemisphere Football Analytics Consortium International Workspace Ltd";
const keyName = (i: number) =>
  `Key ${String(i).padStart(2, "0")} ${"production-backend-".repeat(5)}`.slice(0, 100);

test("public pages: home, sign-in, sign-up, reset, verify, invite, docs and not-found", async ({ page }) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  const visits: Visit[] = [
    {
      name: "home",
      path: "/",
      ready: h1(/Sports statistics/),
      actions: (p) => [p.getByRole("link", { name: /sign up|get started|create/i }).first()],
    },
    {
      name: "signin",
      path: "/signin",
      ready: h1("Sign in to Statline"),
      actions: (p) => [button("Sign in")(p)],
    },
    {
      name: "signup",
      path: "/signup",
      ready: h1("Create your account"),
      actions: (p) => [button("Create account")(p)],
    },
    {
      name: "reset",
      path: "/reset-password",
      ready: h1(/password/i),
      actions: (p) => [p.getByRole("button").first()],
    },
    { name: "verify", path: "/verify-email?token=nope", ready: (p) => p.getByRole("heading", { level: 1 }) },
    { name: "invite", path: "/invite?token=nope", ready: (p) => p.getByRole("heading", { level: 1 }) },
    { name: "docs", path: "/docs", ready: (p) => p.getByRole("heading", { level: 1 }).first() },
    {
      name: "not-found",
      path: "/no-such-page",
      ready: h1("Page not found"),
      actions: (p) => [p.getByRole("link", { name: "Home" })],
    },
  ];
  for (const visit of visits) await sweep(page, visit, problems);
  expect(problems).toEqual([]);
});

test("dashboard as owner and viewer, agent and MCP approval, and the operator console", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(900_000);
  const problems: string[] = [];
  const owner = await newUserPage(browser, baseURL, "owner-with-a-rather-long-name-for-wrapping-tests");
  const o = owner.page;
  const me = userByEmail(owner.email);
  const headers = { "x-csrf-token": await csrfOf(o), Origin: baseURL! };

  // A long workspace name, 30 long-named keys, 80 logged requests and a webhook endpoint.
  expect(
    (await o.request.patch("/api/dashboard/workspace", { data: { name: LONG }, headers })).status(),
  ).toBe(200);
  let secret = "";
  for (let i = 0; i < 30; i++) {
    const res = await o.request.post("/api/dashboard/keys", {
      data: { name: keyName(i), environment: "test" },
      headers,
    });
    expect(res.status()).toBe(201);
    if (i === 0) secret = ((await res.json()) as { data: { secret: string } }).data.secret;
  }
  const firstKey = keyRecord(secret.slice(0, 16));
  setPlan(me.accountId, "unlimited");
  for (let i = 0; i < 80; i++)
    await o.request.get(
      i % 4 ? `/v1/teams?limit=1&q=${"long-query-".repeat(6)}${i}` : `/v1/teams/${"9".repeat(40)}`,
      {
        headers: { "X-API-Key": secret },
      },
    );
  const hook = await o.request.post("/api/dashboard/webhooks", {
    data: { url: `http://127.0.0.1:9/${"hooks/statline/".repeat(8)}receiver`, description: LONG },
    headers,
  });
  expect(hook.status()).toBe(201);

  // A viewer and a developer with long addresses; the developer is also an operator.
  const viewer = await newUserPage(browser, baseURL, "viewer-with-an-equally-long-name-for-wrapping");
  addMember(userByEmail(viewer.email).id, me.accountId, "viewer");
  const developer = await newUserPage(browser, baseURL, "developer-and-operator-long-name");
  const dev = userByEmail(developer.email);
  addMember(dev.id, me.accountId, "developer");

  const dashboard: Visit[] = [
    {
      name: "overview",
      path: "/dashboard",
      ready: h1("Overview"),
      actions: (p) => [p.getByTestId("plan-limits")],
    },
    {
      name: "keys",
      path: "/dashboard/keys",
      ready: h1("API keys"),
      actions: (p) => [
        button(/create key/i)(p),
        p
          .getByRole("list", { name: "API keys" })
          .getByRole("button", { name: /^Edit / })
          .first(),
      ],
    },
    {
      name: "key",
      path: `/dashboard/keys/${firstKey.id}`,
      ready: h1(/^Key 00/),
      actions: (p) => ["Edit", "Roll", "Disable", "Revoke"].map((b) => button(b)(p)),
    },
    { name: "usage", path: "/dashboard/usage", ready: h1("Usage") },
    {
      name: "logs",
      path: "/dashboard/logs",
      ready: h1("Logs"),
      actions: (p) => [
        p
          .locator("tbody tr")
          .first()
          .getByRole("button", { name: /Details/ }),
      ],
    },
    { name: "audit", path: "/dashboard/audit", ready: h1("Audit log") },
    {
      name: "webhooks",
      path: "/dashboard/webhooks",
      ready: h1("Webhooks"),
      actions: (p) => [button("Add endpoint")(p)],
    },
    { name: "alerts", path: "/dashboard/alerts", ready: h1("Alerts") },
    {
      name: "members",
      path: "/dashboard/members",
      ready: h1("Members"),
      actions: (p) => [button("Invite member")(p), button("Rename")(p)],
    },
    {
      name: "account",
      path: "/dashboard/account",
      ready: h1("Account"),
      actions: (p) => [
        p
          .getByRole("region", { name: "Connected apps" })
          .or(p.getByRole("heading", { name: "Connected apps" }))
          .first(),
      ],
    },
    {
      name: "agent",
      path: await handoffPage(o),
      ready: h1("Approve agent access"),
      actions: (p) => [button(/approve/i)(p)],
    },
    {
      name: "consent",
      path: await consentUrl(o),
      ready: h1("Connect an app to Statline"),
      actions: (p) => [button("Approve")(p)],
    },
  ];
  for (const visit of dashboard) await sweep(o, visit, problems);

  // The viewer, in the owner's workspace.
  const w = `?w=${me.accountId}`;
  const asViewer: Visit[] = [
    { name: "viewer-overview", path: `/dashboard${w}`, ready: h1("Overview") },
    { name: "viewer-keys", path: `/dashboard/keys${w}`, ready: h1("API keys") },
    { name: "viewer-members", path: `/dashboard/members${w}`, ready: h1("Members") },
    { name: "viewer-webhooks", path: `/dashboard/webhooks${w}`, ready: h1("Webhooks") },
  ];
  for (const visit of asViewer) await sweep(viewer.page, visit, problems);

  // A signed-in non-operator at the console: the very page an unknown address gets, rendered by the
  // server (not an empty shell the payload fills in the browser).
  const served = async (path: string) => {
    const res = await viewer.page.request.get(path);
    return { status: res.status(), main: /<main[^>]*>[\s\S]*<\/main>/.exec(await res.text())?.[0] };
  };
  const unknown = await served("/no-such-page-at-all");
  expect(unknown.main).toContain("Page not found");
  for (const path of ["/operator", "/operator/plans", `/operator/accounts/${me.accountId}`]) {
    expect.soft(await served(path), path).toEqual({ status: 404, main: unknown.main });
    await viewer.page.goto(path);
    await expect.soft(viewer.page).toHaveTitle("Page not found · Statline");
  }
  await viewer.context.close();

  // The operator console.
  longAccounts(30);
  makeOperator(dev.accountId);
  const consolePages: Visit[] = [
    { name: "op-accounts", path: "/operator", ready: h1("Accounts"), actions: (p) => [button("Search")(p)] },
    {
      name: "op-account",
      path: `/operator/accounts/${me.accountId}`,
      ready: h1(LONG),
      actions: (p) => [button("Suspend account")(p)],
    },
    { name: "op-plans", path: "/operator/plans", ready: h1("Plans") },
    { name: "op-data", path: "/operator/data", ready: h1("Data") },
    { name: "op-system", path: "/operator/system", ready: h1("System") },
  ];
  for (const visit of consolePages) await sweep(developer.page, visit, problems);
  expect(problems).toEqual([]);
  await owner.context.close();
  await developer.context.close();
});
