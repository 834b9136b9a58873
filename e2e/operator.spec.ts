import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { startApp, type RunningApp } from "../tests/support/app";
import { createKey } from "../tests/support/cli";
import { e2eDb, newUserPage, PASSWORD, ROOT, SCREENS } from "./dashboard-helpers";

// The operator console: find an account, suspend it (its key is refused on a second instance within
// 2 s), reinstate it, edit a plan's limit and see the key's rate-limit header change, import a file
// and watch the progress; at 1280x800 and 390x844, axe 0 serious/critical.

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const databaseUrl = () => fs.readFileSync(path.join(ROOT, "data", "test", "e2e-db-url"), "utf8").trim();

let second: RunningApp;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  // A second instance on the same database: the suspension must reach it, not only the one acting.
  second = await startApp({ databaseUrl: databaseUrl() });
  // Many accounts with long names, so the list pages and wraps.
  const db = e2eDb();
  const insert = db.prepare(
    "INSERT OR IGNORE INTO accounts (id, name, plan, operator, createdAt) VALUES (?, ?, 'free', 0, ?)",
  );
  for (let i = 0; i < 40; i++)
    insert.run(
      `ops-filler-${i}`,
      `Filler account ${i} with an exceptionally long organisation name Internationale GmbH`,
      new Date().toISOString().replace("Z", "+00:00"),
    );
  db.close();
});
test.afterAll(async () => {
  await second?.stop();
});

async function expectClean(page: Page, name: string) {
  await page.waitForLoadState("networkidle");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: sideways scroll`).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    name,
  ).toEqual([]);
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

async function teams(request: APIRequestContext, base: string, key: string) {
  const res = await request.get(`${base}/v1/teams?limit=1`, { headers: { "X-API-Key": key } });
  const headers = res.headers();
  return {
    status: res.status(),
    limit: headers["x-ratelimit-limit"],
    cost: headers["x-units-cost"],
    body: await res.text(),
  };
}

/** A saved plan's line on the Plans page (its figures and account count). */
const planRow = (page: Page, plan: string) =>
  page.locator("div:has(> [data-testid=plan-accounts])").filter({ hasText: new RegExp(`^${plan}`) });

function makeOperator(email: string) {
  const db = e2eDb();
  db.prepare("UPDATE accounts SET operator = 1 WHERE id = (SELECT accountId FROM users WHERE email = ?)").run(
    email,
  );
  db.close();
}

for (const vp of VIEWPORTS) {
  test(`operator console at ${vp.width}x${vp.height}`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const tag = `${vp.width}`;
    const customer = await newUserPage(browser, baseURL, `customer${tag}-with-a-very-long-name-for-wrapping`);
    const key = createKey(databaseUrl(), customer.email, "live", "production backend");
    const operator = await newUserPage(browser, baseURL, `operator${tag}`);
    makeOperator(operator.email);
    const page = operator.page;
    await page.setViewportSize(vp);
    const request = page.request;
    for (const base of [baseURL!, second.baseUrl]) expect((await teams(request, base, key)).status).toBe(200);

    // Find the account.
    await page.goto("/operator");
    await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
    await expectClean(page, `operator-accounts-${tag}`);
    await page.getByLabel("Search accounts").fill(customer.email);
    await page.getByRole("button", { name: "Search" }).click();
    const rows = page.getByRole("list", { name: "Accounts" }).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await rows.getByRole("link").click();
    // A dynamic page render: seconds on a loaded machine.
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`customer${tag}`, {
      timeout: 15_000,
    });
    const accountUrl = page.url();
    await expectClean(page, `operator-account-${tag}`);

    // Suspend: the key is refused on the other instance within 2 s; the customer sees why.
    await page.getByLabel(/Reason for suspending/).fill("Chargebacks on every invoice since March");
    await page.getByRole("button", { name: "Suspend account" }).click();
    // It asks first, with the re-authentication in the same dialog, in view at any width.
    const confirm = page.getByRole("dialog", { name: "Suspend this account?" });
    await expect(confirm).toContainText("Chargebacks on every invoice since March");
    const proof = confirm.getByLabel("Your password or a 6-digit code");
    await expect(proof).toBeInViewport();
    await proof.fill(PASSWORD);
    await confirm.getByRole("button", { name: "Suspend account" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Account suspended" })).toBeVisible();
    await expect(confirm).toBeHidden();
    const suspendedAt = Date.now();
    await expect
      .poll(async () => (await teams(request, second.baseUrl, key)).status, {
        timeout: 2000,
        intervals: [50],
      })
      .toBe(401);
    expect(Date.now() - suspendedAt).toBeLessThan(2000);
    expect(JSON.parse((await teams(request, baseURL!, key)).body)).toEqual({
      error: { code: "UNAUTHORIZED", message: "Invalid API key" },
    });
    await customer.page.setViewportSize(vp);
    await customer.page.goto("/dashboard");
    await expect(
      customer.page.getByRole("alert").filter({ hasText: "This account is suspended" }),
    ).toContainText("Chargebacks on every invoice since March");
    // The quick start explains the suspension and offers no key that would answer 401.
    await expect(customer.page.getByTestId("quickstart-suspended")).toBeVisible();
    await expect(customer.page.getByRole("button", { name: /Create .* key/ })).toHaveCount(0);
    await expectClean(customer.page, `operator-suspended-dashboard-${tag}`);

    // Reinstate.
    await page.getByRole("button", { name: "Reinstate account" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Account reinstated" })).toBeVisible();
    await expect
      .poll(async () => (await teams(request, second.baseUrl, key)).status, { timeout: 2000 })
      .toBe(200);

    // A plan of its own, then its limit edited: the key's X-RateLimit-Limit follows.
    const plan = `ops${tag}`;
    await page.goto("/operator/plans");
    const add = page.getByRole("form", { name: "New plan" });
    await add.getByLabel("Name").fill(plan);
    await add.getByLabel("Label").fill(`Operator test ${tag}`);
    await add.getByLabel("Requests/min per key").fill("6000");
    await add.getByLabel("Burst").fill("30");
    await add.getByRole("button", { name: "Add plan" }).click();
    // Each saved plan is one line of figures (thousands separated) with its account count; Edit opens it.
    const row = planRow(page, plan);
    await expect(page.getByText(`Operator test ${tag}`)).toBeVisible();
    await expect(row).toContainText("6,000 req/min per key, burst 30");
    await expect(row.getByTestId("plan-accounts")).toHaveText("0 accounts");
    await expectClean(page, `operator-plans-${tag}`);
    await page.goto(accountUrl);
    await page.getByLabel("Plan", { exact: true }).selectOption(plan);
    await page.getByRole("button", { name: "Change plan" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Plan changed to ${plan}` })).toBeVisible();
    await expect.poll(async () => (await teams(request, baseURL!, key)).limit, { timeout: 5000 }).toBe("30");
    await page.goto("/operator/plans");
    await expect(planRow(page, plan).getByTestId("plan-accounts")).toHaveText("1 account");
    await page.getByText(`Edit plan ${plan}`, { exact: true }).click();
    const edit = page.getByRole("form", { name: `Plan ${plan}` });
    await expect(edit).toBeVisible();
    await edit.getByLabel("Burst").fill("25");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByRole("status")).toContainText("Saved");
    for (const base of [baseURL!, second.baseUrl])
      await expect.poll(async () => (await teams(request, base, key)).limit, { timeout: 5000 }).toBe("25");
    // The price of a reference call (GET /v1/teams) on this plan: X-Units-Cost follows.
    expect((await teams(request, baseURL!, key)).cost).toBe("1");
    await edit.getByLabel("Reference").fill("3");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit.getByRole("status")).toContainText("Saved");
    await expect.poll(async () => (await teams(request, baseURL!, key)).cost, { timeout: 5000 }).toBe("3");

    // Import a file and watch the progress; the malformed row is listed.
    await page.goto("/operator/data");
    const csv = [
      "Div,Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR",
      "E0,10/08/2099,Opsville FC,Consoleton United,2,1,H",
      "E0,not-a-date,Opsville FC,Consoleton United,1,1,D",
      "E0,17/08/2099,Consoleton United,Opsville FC,0,3,A",
    ].join("\n");
    await page
      .getByLabel(/^File/)
      .setInputFiles({ name: `E0-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel("Competition (optional)").fill(`Operator League ${tag}`);
    await page.getByLabel("Edition (optional)").fill("2099/00");
    await page.getByLabel("Create unknown teams").check();
    await page.getByLabel("Skip malformed rows").check();
    await page.getByRole("button", { name: "Import" }).click();
    const bar = page.getByRole("progressbar", { name: "Import progress" });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute("aria-valuetext", "Done", { timeout: 30_000 });
    await expect(page.getByRole("status").filter({ hasText: "Imported" })).toContainText("contests 2 new");
    await expect(page.getByRole("list", { name: "Row errors" }).getByRole("listitem")).toHaveCount(1);

    // A points deduction on the imported league: recorded, listed, removed after confirming.
    const adjust = page.getByRole("form", { name: "New point adjustment" });
    await adjust.getByLabel("Competition").fill(`Operator League ${tag}`);
    await adjust.getByLabel("Edition").fill("2099/00");
    await adjust.getByLabel("Team").fill("Opsville FC");
    await adjust.getByLabel("Points").fill("-2");
    await adjust
      .getByLabel("Reason")
      .fill("Fielded an ineligible player in a match the league later replayed");
    await adjust.getByRole("button", { name: "Record adjustment" }).click();
    await expect(adjust.getByRole("status")).toContainText("Adjustment recorded");
    const adjustments = page.getByRole("list", { name: "Point adjustments" });
    await expect(
      adjustments.getByRole("listitem").filter({ hasText: `Operator League ${tag}` }),
    ).toContainText("Opsville FC -2");
    // Bad input is answered with the server's message, and nothing is recorded.
    await adjust.getByLabel("Team").fill("Nowhere Athletic");
    await adjust.getByRole("button", { name: "Record adjustment" }).click();
    await expect(adjust.getByRole("alert")).toContainText('no team "Nowhere Athletic"');
    // A club's other spelling for later imports.
    const alias = page.getByRole("form", { name: "New team alias" });
    await alias.getByLabel("Existing team").fill("Opsville FC");
    await alias.getByLabel("Spelling in the source").fill(`Ops Town ${tag}`);
    await alias.getByRole("button", { name: "Add alias" }).click();
    await expect(alias.getByRole("status")).toContainText(`"Ops Town ${tag}" now resolves to Opsville FC`);
    await expect(page.getByRole("list", { name: "Team aliases" })).toContainText(
      `"Ops Town ${tag}" → Opsville FC`,
    );
    await expectClean(page, `operator-data-lists-${tag}`);
    await page.getByRole("button", { name: `Remove adjustment Opsville FC -2` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove adjustment" }).click();
    await expect(adjust.getByRole("status")).toContainText("removed");
    await expect(adjustments.filter({ hasText: `Operator League ${tag}` })).toHaveCount(0);
    await page.getByRole("button", { name: `Remove alias "Ops Town ${tag}" → Opsville FC` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove alias" }).click();
    await expect(
      page.getByRole("list", { name: "Team aliases" }).filter({ hasText: `Ops Town ${tag}` }),
    ).toHaveCount(0);
    await expectClean(page, `operator-data-${tag}`);

    // System: both instances report in.
    await page.goto("/operator/system");
    await expect(page.getByRole("heading", { name: "System", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Instances seen \([1-9]/ })).toBeVisible();
    await expectClean(page, `operator-system-${tag}`);

    // The customer cannot see any of it.
    const denied = await customer.page.goto("/operator");
    expect(denied?.status()).toBe(404);
    await customer.context.close();
    await operator.context.close();
  });
}
