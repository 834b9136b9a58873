import fs from "node:fs";
import { expect, test, type Response } from "@playwright/test";
import {
  callTeams,
  confirmCopied,
  createKeyThroughUi,
  OWNER_META,
  SCREENS,
  SERVER_LOG,
  statValue,
} from "./dashboard-helpers";

// The owner signed up in auth.setup.ts; this is the rest of the flow a new user goes through.
test("create a key, use it, never see it again, revoke it, and see the usage", async ({
  page,
  request,
  baseURL,
}) => {
  const ownerEmail = (JSON.parse(fs.readFileSync(OWNER_META, "utf8")) as { email: string }).email;
  // Every HTML document, API answer and RSC payload the page loads, to prove where the key appears.
  const seen: { url: string; method: string; body: string; cacheControl: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (res: Response) => {
    const url = res.url();
    // Documents, API calls and React Server Component payloads (fetches) from the app itself.
    if (!url.startsWith(baseURL!) || !["document", "fetch", "xhr"].includes(res.request().resourceType()))
      return;
    pending.push(
      res.text().then(
        (body) =>
          void seen.push({
            url,
            method: res.request().method(),
            body,
            cacheControl: res.headers()["cache-control"] ?? "",
          }),
        () => {},
      ),
    );
  });

  await page.goto("/dashboard/keys");
  await expect(page.getByRole("heading", { name: "No API keys yet" })).toBeVisible();

  // 2. Create a test key and read it from the display-once dialog.
  await page.getByRole("button", { name: "Create key" }).first().click();
  const form = page.getByRole("dialog", { name: "Create API key" });
  await expect(form).toHaveAttribute("aria-modal", "true");
  await expect(form.getByLabel("Name")).toBeFocused();
  await expect(form.getByLabel(/^Test/)).toBeChecked();
  await form.getByRole("button", { name: "Create key" }).click();
  // The problem is said under the field, which is marked and focused (its description reads it out).
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription(/Give the key a name/);
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();

  const { key, reveal } = await createKeyThroughUi(page, "  CI smoke test  ");
  await expect(reveal.getByLabel("Secret key")).toBeFocused();
  const prefix = key.slice(0, 16);
  const secretPart = key.slice(16);
  await expect(reveal.getByText("This is the only time the full key is shown.")).toBeVisible();
  fs.mkdirSync(SCREENS, { recursive: true });

  // Escape does not lose the key: it asks first, and "Go back" shows the key again.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Have you copied your key?" })).toBeVisible();
  await page.getByRole("button", { name: "Go back" }).click();
  await expect(page.getByRole("dialog", { name: "Save your API key" }).getByLabel("Secret key")).toHaveValue(
    key,
  );
  await confirmCopied(page);

  const row = page.getByRole("listitem").filter({ hasText: prefix });
  await expect(row).toContainText("CI smoke test");
  await expect(row).toContainText("Test");
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Never");
  await expect(row).toContainText(`by ${ownerEmail}`);

  // 3. The key works over real HTTP.
  let okCalls = 0;
  for (let i = 0; i < 3; i++) {
    const { status, body } = await callTeams(request, key);
    expect(status).toBe(200);
    expect(body.data).toHaveProperty("items");
    okCalls++;
  }

  // 4. After a reload the secret is nowhere: not in the HTML, not in any JSON the page fetched.
  await page.reload();
  await expect(row).toContainText("Active");
  await Promise.all(pending);
  expect(await page.content()).not.toContain(secretPart);
  const creates = seen.filter(
    (r) => r.method === "POST" && r.url.endsWith("/api/dashboard/keys") && r.body.includes(secretPart),
  );
  expect(creates).toHaveLength(1);
  expect(creates[0].cacheControl).toContain("no-store");
  const leaks = seen
    .filter((r) => r !== creates[0] && r.body.includes(secretPart))
    .map((r) => `${r.method} ${r.url}`);
  expect(leaks).toEqual([]);
  expect(
    seen.some((r) => r.url.includes("/api/dashboard/keys") && r.method === "GET" && r.body.includes(prefix)),
  ).toBe(true);
  expect(seen.filter((r) => r.url.startsWith(`${baseURL}/dashboard/keys`)).length).toBeGreaterThanOrEqual(2);
  expect(fs.readFileSync(SERVER_LOG, "utf8")).not.toContain(secretPart);

  // 5. Revoke through the confirmation dialog; the key stays listed, marked revoked.
  await row.getByRole("button", { name: /^Revoke/ }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke API key?" });
  await expect(confirm).toContainText(prefix);
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toBeHidden();
  const revokedAt = Date.now();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);

  // 6. Within 2 seconds the same call gets 401 "Invalid API key".
  let last = await callTeams(request, key);
  while (last.status === 200 && Date.now() - revokedAt < 2000) {
    okCalls++;
    await new Promise((r) => setTimeout(r, 100));
    last = await callTeams(request, key);
  }
  expect(last.status).toBe(401);
  expect(last.body).toEqual({ error: { code: "UNAUTHORIZED", message: "Invalid API key" } });
  const latency = Date.now() - revokedAt;
  expect(latency).toBeLessThan(2000);
  test.info().annotations.push({
    type: "revocation latency",
    description: `${latency} ms (dialog closed -> first 401)`,
  });
  console.log(`revocation latency: ${latency} ms`);
  await page.reload();
  await expect(row).toContainText("Revoked");

  // 7. The usage page shows the requests made, as metered (metering flushes about once a second).
  await page.goto("/dashboard/usage");
  const requests = statValue(page, "Requests");
  await expect(async () => {
    await page.reload();
    await expect(requests).toHaveText(String(okCalls), { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(statValue(page, "Server errors (5xx)")).toHaveText("0");
  const perKey = page.getByRole("table", { name: "Usage per key" });
  await expect(perKey).toContainText(prefix);
  await expect(perKey).toContainText("revoked");
  await expect(page.getByRole("table", { name: "Top endpoints" })).toContainText("/v1/teams");
  await expect(page.getByRole("img", { name: /Requests per hour/ })).toBeVisible();
  // Metering also stamped "last used" on the key.
  await page.goto("/dashboard/keys");
  await expect(row).not.toContainText("Never");

  // The audit log names who created and who revoked the key, from which address and client.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Audit log" }).click();
  const audit = page.getByRole("table", { name: /Audit events/ });
  await expect(audit.getByRole("row").filter({ hasText: "Key created" })).toContainText(prefix);
  await expect(audit.getByRole("row").filter({ hasText: "Key revoked" })).toContainText(prefix);
  await expect(audit).toContainText("Chrome");
});

test("the overview shows this month's usage, the plan and a quick start that works when copied", async ({
  page,
}) => {
  await page.goto("/dashboard/keys");
  const { key } = await createKeyThroughUi(page, "Quick start key");
  await confirmCopied(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).click();
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await expect(page.getByText("Plan", { exact: true })).toBeVisible();
  // The plan's limits, all three: rate, burst (X-RateLimit-Limit) and monthly units.
  await expect(page.getByTestId("plan-limits")).toHaveText(
    "60 requests/min per key, bursts of 20 · 10,000 units/month",
  );
  const origin = new URL(page.url()).origin;
  // The key comes from $STATLINE_API_KEY: the copied command holds no placeholder.
  await expect(page.locator("pre")).toHaveText(`curl -H "X-API-Key: $STATLINE_API_KEY" ${origin}/v1/teams`);
  await expect(page.locator("main")).toContainText(`Your newest test key starts ${key.slice(0, 16)}`);
  await expect(page.getByRole("button", { name: "Create another test key" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(key.slice(16));
});

// Last in this file: it signs the owner's browser context out (the saved state stays valid).
test("signing out ends the session", async ({ page }) => {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin");
  await page.goto("/dashboard/usage");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard%2Fusage$/);
  expect((await page.request.get("/api/dashboard/keys")).status()).toBe(401);
});
