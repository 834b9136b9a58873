import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("the API reference page renders the OpenAPI document with copyable curl examples", async ({
  page,
  context,
  baseURL,
}) => {
  const failed: string[] = [];
  page.on("requestfailed", (r) => failed.push(r.url()));
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const res = await page.goto("/docs");
  // Plain HTML: no framework runtime fetched, and the one inline script (copy buttons) stays tiny.
  expect(res?.headers()["content-type"]).toMatch(/^text\/html/);
  expect(scripts).toEqual([]);
  const inlineJs = await page.evaluate(() =>
    [...document.scripts].reduce((n, s) => n + (s.src ? 1e9 : s.text.length), 0),
  );
  expect(inlineJs).toBeGreaterThan(0);
  expect(inlineJs).toBeLessThanOrEqual(1024);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const quick = page.getByRole("region", { name: "Quick start" });
  await expect(quick).toContainText(`curl -H "X-API-Key: $STATLINE_API_KEY" ${baseURL}/v1/competitions`);
  const copy = quick.getByRole("button", { name: /\/v1\/competitions$/ });
  await copy.click();
  await expect(copy).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `curl -H "X-API-Key: $STATLINE_API_KEY" ${baseURL}/v1/competitions`,
  );
  // Keyboard: Tab from the command line reaches its button; Enter copies.
  const table = `curl -H "X-API-Key: $STATLINE_API_KEY" "${baseURL}/v1/standings?competition=1"`;
  await quick.getByText(table, { exact: true }).focus();
  await page.keyboard.press("Tab");
  const tableCopy = quick.getByRole("button", { name: `Copy: ${table}` });
  await expect(tableCopy).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(tableCopy).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(table);
  await expect(tableCopy).toHaveText("Copy", { timeout: 3000 });
  // The reference is rendered on the server from the OpenAPI document: no client renderer.
  await expect(page.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute(
    "href",
    "/dashboard",
  );
  await expect(page.getByRole("heading", { level: 4, name: "List competitions" })).toBeVisible();
  await page.getByRole("navigation", { name: "Endpoints" }).getByRole("link", { name: "Odds" }).click();
  await expect(
    page.getByRole("heading", { name: /Odds history of a contest, paged by cursor/ }),
  ).toBeInViewport();
  await expect(page.getByText("Designed parts")).toHaveCount(0);
  await expect(page.getByText("npm run")).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  for (const [width, height] of [
    [390, 844],
    [768, 1024],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/docs-${width}.png`, fullPage: false });
  }
  expect(failed.filter((u) => !u.startsWith(baseURL!))).toEqual([]);
});

test("/docs revalidates by ETag: a repeat visit with If-None-Match gets a 304", async ({ request }) => {
  const first = await request.get("/docs");
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(first.headers()["cache-control"]).toBe("private, no-cache");
  const again = await request.get("/docs", { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
  expect(await again.text()).toBe("");
});

test("the OpenAPI document is public and the home page links the docs", async ({ page, request }) => {
  const res = await request.get("/v1/openapi.json");
  expect(res.status()).toBe(200);
  expect((await res.json()).info.title).toBe("Statline API");
  await page.goto("/");
  await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "API docs" }).click();
  await expect(page).toHaveURL(/\/docs$/);
});
