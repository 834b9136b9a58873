import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { confirmCopied, createKeyThroughUi, newUserPage, ROOT, SCREENS } from "./dashboard-helpers";

// As a new user would: make requests (a 404 with a known request id, some 429s), find the
// 404 by its id in Logs, open its details, filter by status, export CSV, and see the same rows in
// `admin logs --json`; another user sees none of it, by UI or by direct request.

interface LogRow {
  requestId: string;
  status: number;
  errorCode: string | null;
  path: string;
}

function adminLogs(...args: string[]): LogRow[] {
  const url = fs.readFileSync(path.join(ROOT, "data", "test", "e2e-db-url"), "utf8").trim();
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin.ts", "logs", ...args, "--json"],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    },
  );
  return JSON.parse(out) as LogRow[];
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("find a request by id, read its details, filter, export CSV, and match admin logs", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const owner = await newUserPage(browser, baseURL, "logan");
  const page = owner.page;
  await page.goto("/dashboard/keys");
  const { key } = await createKeyThroughUi(page, "Logs key");
  await confirmCopied(page);
  const prefix = key.slice(0, 16);

  // Traffic: two answers, a 404 whose request id we keep, then a burst past the free plan's limit.
  const api = page.request;
  const headers = { "X-API-Key": key, "User-Agent": "e2e-logs/1.0" };
  for (let i = 0; i < 2; i++) expect((await api.get("/v1/teams?limit=2", { headers })).status()).toBe(200);
  const missing = await api.get("/v1/teams/987654", { headers });
  expect(missing.status()).toBe(404);
  const missingId = missing.headers()["x-request-id"];
  const missingMessage = ((await missing.json()) as { error: { message: string } }).error.message;
  const limited: string[] = [];
  for (let i = 0; i < 40 && limited.length < 3; i++) {
    const r = await api.get("/v1/teams?limit=1", { headers });
    if (r.status() === 429) limited.push(r.headers()["x-request-id"]);
  }
  expect(limited.length).toBe(3);

  // The quick start now uses the env variable (no "…" in the command) and shows the last request.
  await page.goto("/dashboard");
  const command = page.getByTestId("quickstart-command");
  await expect(command).toHaveText(/^curl -H "X-API-Key: \$STATLINE_API_KEY" http:\/\/[^ ]+\/v1\/teams$/);
  await expect(command).not.toContainText("…");
  await expect(page.getByTestId("last-request")).toContainText("429", { timeout: 15_000 });

  // Logs: find the 404 by its id (the flush writes within about a second).
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Logs" }).click();
  await expect(page.getByRole("heading", { name: "Logs", level: 1 })).toBeVisible();
  await page.getByPlaceholder(/Find a request id/).fill(missingId);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(new RegExp(`id=${missingId}`));
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("404");
  await rows
    .first()
    .getByRole("button", { name: /Details/ })
    .click();
  const drawer = page.getByRole("dialog", { name: "Request details" });
  await expect(drawer).toContainText("NOT_FOUND");
  await expect(drawer).toContainText("GET /v1/teams/987654");
  await expect(drawer).toContainText(`${prefix}…`);
  await expect(drawer).toContainText("e2e-logs/1.0");
  await expect(drawer.getByTestId("curl")).toHaveText(
    `curl -H "X-API-Key: $STATLINE_API_KEY" "${baseURL}/v1/teams/987654"`,
  );
  // The error's message and the response as sent: status, headers and the body.
  await expect(drawer.getByTestId("error-message")).toHaveText(missingMessage);
  const responseHeaders = drawer.getByRole("definition");
  await expect(drawer.getByRole("term").filter({ hasText: /^X-Request-Id$/ })).toBeVisible();
  await expect(responseHeaders.filter({ hasText: missingId }).first()).toBeVisible();
  await expect(drawer.getByRole("term").filter({ hasText: /^X-RateLimit-Limit$/ })).toBeVisible();
  const body = JSON.parse((await drawer.getByTestId("response-body").textContent()) ?? "") as unknown;
  expect(body).toEqual({ error: { code: "NOT_FOUND", message: missingMessage } });
  await expect(drawer).not.toContainText(key.slice(16));
  await page.screenshot({ path: path.join(SCREENS, "logs-drawer.png") });
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  // Filter by status: the 429s, and only them.
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByLabel("Status").selectOption("429");
  await expect(rows).toHaveCount(3);
  const shown = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-request-id")));
  expect(new Set(shown)).toEqual(new Set(limited));

  // CSV export of the filtered rows.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe(
    "requestId,at,keyPrefix,environment,method,path,query,endpoint,status,errorCode,units,durationMs,ip,userAgent,sampleRate",
  );
  expect(new Set(lines.slice(1).map((l) => l.split(",")[0]))).toEqual(new Set(limited));
  expect(csv).not.toContain(key.slice(16));

  // The operator sees the same rows.
  const fromCli = adminLogs("--email", owner.email, "--status", "429");
  expect(fromCli.map((r) => r.requestId)).toEqual(shown);
  const byId = adminLogs("--request-id", missingId);
  expect(byId).toMatchObject([{ requestId: missingId, status: 404, errorCode: "NOT_FOUND" }]);

  // Another user: nothing of the owner's, by UI or by direct request.
  const mallory = await newUserPage(browser, baseURL, "mallory-logs");
  await mallory.page.goto(`/dashboard/logs?id=${missingId}`);
  await expect(mallory.page.getByRole("heading", { name: "No requests match" })).toBeVisible();
  await mallory.page.goto("/dashboard/logs?status=errors&range=all");
  await expect(mallory.page.getByRole("heading", { name: "No requests match" })).toBeVisible();
  await expect(mallory.page.locator("body")).not.toContainText(prefix);
  const direct = await mallory.page.request.get(`/api/dashboard/logs?requestId=${missingId}`);
  expect(((await direct.json()) as { data: { items: unknown[] } }).data.items).toEqual([]);
  const all = await mallory.page.request.get("/api/dashboard/logs?environment=test&limit=100");
  expect(await all.text()).not.toContain(prefix);
  const exported = await mallory.page.request.get(`/api/dashboard/logs/export?requestId=${missingId}`);
  expect((await exported.text()).trim().split("\r\n")).toHaveLength(1); // the header only
  const forged = await mallory.page.request.get("/api/dashboard/logs?cursor=x");
  expect(forged.status()).toBe(400);
  await mallory.context.close();
  await owner.context.close();
});

test("the test/live switch is kept in the URL and scopes keys, usage, logs and the quick start", async ({
  browser,
  baseURL,
}) => {
  const { page, context } = await newUserPage(browser, baseURL, "switch");
  await page.goto("/dashboard/keys");
  const { key: testKey } = await createKeyThroughUi(page, "Dev laptop", "test");
  await confirmCopied(page);
  const { key: liveKey } = await createKeyThroughUi(page, "Production", "live");
  await confirmCopied(page);
  // Creating a live key switched the page to live, where it is listed and the test key is not.
  await expect(page).toHaveURL(/env=live/);
  await expect(page.locator("main")).toContainText(liveKey.slice(0, 16));
  await expect(page.locator("main")).not.toContainText(testKey.slice(0, 16));

  await page.getByRole("navigation", { name: "Environment" }).getByRole("link", { name: /Test/ }).click();
  await expect(page).not.toHaveURL(/env=live/);
  await expect(page.locator("main")).toContainText(testKey.slice(0, 16));
  await expect(page.locator("main")).not.toContainText(liveKey.slice(0, 16));

  // Navigation keeps the switch; the quick start follows it.
  await page.goto("/dashboard?env=live");
  await expect(page.locator("main")).toContainText(`Your newest live key starts ${liveKey.slice(0, 16)}`);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Usage" }).click();
  await expect(page).toHaveURL(/\/dashboard\/usage\?env=live/);
  await page.goto("/dashboard");
  await expect(page.locator("main")).toContainText(`Your newest test key starts ${testKey.slice(0, 16)}`);
  await context.close();
});

const VIEWPORTS = [
  { name: "1280x800", width: 1280, height: 800 },
  { name: "1440x900", width: 1440, height: 900 },
  { name: "768x1024", width: 768, height: 1024 },
  { name: "390x844", width: 390, height: 844 },
];

test("logs, usage, audit and overview at four sizes: no sideways scroll, 0 serious axe violations", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { page, context } = await newUserPage(browser, baseURL, "sizes");
  await page.goto("/dashboard/keys");
  const { key } = await createKeyThroughUi(page, "Sizes key");
  await confirmCopied(page);
  for (const p of ["/v1/teams?limit=1", "/v1/teams/424242", `/v1/persons?limit=1&note=${key}`])
    await page.request.get(p, { headers: { "X-API-Key": key } });
  await expect
    .poll(async () => {
      const r = await page.request.get("/api/dashboard/logs?environment=test");
      return ((await r.json()) as { data: { items: unknown[] } }).data.items.length;
    })
    .toBe(3);
  for (const vp of VIEWPORTS) {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    for (const [name, url] of [
      ["logs", "/dashboard/logs"],
      ["overview", "/dashboard"],
      ["usage", "/dashboard/usage"],
      ["audit", "/dashboard/audit"],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      if (name === "logs" || name === "overview")
        await page.screenshot({ path: path.join(SCREENS, `${name}-${vp.name}.png`), fullPage: true });
    }
    await page.goto("/dashboard/logs");
    await page
      .locator("tbody tr")
      .filter({ hasText: "/v1/teams/424242" })
      .first()
      .getByRole("button", { name: /Details/ })
      .click();
    const drawer = page.getByRole("dialog", { name: "Request details" });
    await expect(drawer).toBeVisible();
    // The 404's message, headers and body: readable at every width, no sideways scroll.
    await expect(drawer.getByTestId("error-message")).toContainText("424242");
    await expect(drawer.getByTestId("response-body")).toContainText('"code": "NOT_FOUND"');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: path.join(SCREENS, `logs-drawer-${vp.name}.png`) });
  }
  await context.close();
});
