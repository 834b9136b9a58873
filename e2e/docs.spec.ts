import { expect, test } from "@playwright/test";

test("the API reference page renders the OpenAPI document with copyable curl examples", async ({
  page,
  context,
  baseURL,
}) => {
  const failed: string[] = [];
  page.on("requestfailed", (r) => failed.push(r.url()));
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const quick = page.getByRole("region", { name: "Quick start" });
  await expect(quick).toContainText(`curl -H "X-API-Key: $STATLINE_API_KEY" ${baseURL}/v1/competitions`);
  const copy = quick.getByRole("button", { name: /\/v1\/competitions$/ });
  await copy.click();
  await expect(copy).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `curl -H "X-API-Key: $STATLINE_API_KEY" ${baseURL}/v1/competitions`,
  );
  // Scalar renders operations from /v1/openapi.json.
  const sidebar = page.getByRole("complementary", { name: "Sidebar for Statline API" });
  await expect(sidebar.getByRole("link", { name: /List competitions/ })).toBeVisible({ timeout: 20_000 });
  await sidebar.getByRole("button", { name: "Open Group - Odds" }).click();
  await expect(
    sidebar.getByRole("link", { name: /Odds history of a contest, paged by cursor/ }),
  ).toBeVisible();
  expect(failed.filter((u) => !u.startsWith(baseURL!))).toEqual([]);
});

test("the OpenAPI document is public and the home page links the docs", async ({ page, request }) => {
  const res = await request.get("/v1/openapi.json");
  expect(res.status()).toBe(200);
  expect((await res.json()).info.title).toBe("Statline API");
  await page.goto("/");
  await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "API docs" }).click();
  await expect(page).toHaveURL(/\/docs$/);
});
