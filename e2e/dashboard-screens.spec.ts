import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  setLastUsed,
  setPlan,
  confirmCopied,
  createKeyThroughUi,
  insertBuckets,
  keyRecord,
  newUserPage,
  SCREENS,
  statValue,
  type BucketRow,
} from "./dashboard-helpers";

// Screenshots of the pages with realistic data, for people to look at (test-results/screens/*.png).
// The traffic is synthetic rows in UsageBucket, so the assertions check the page shows exactly them.

const ENDPOINTS: [string, number, number][] = [
  // pattern, share of traffic, units per call
  ["/v1/contests", 0.34, 1],
  ["/v1/persons", 0.22, 1],
  ["/v1/teams", 0.14, 1],
  ["/v1/standings", 0.12, 1],
  ["/v1/contests/{id}/odds/history", 0.1, 5],
  ["/v1/analysis/stat-board", 0.08, 2],
];

function rng(seed: number) {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

function syntheticWeek(accountId: string, keys: { id: string; weight: number }[]): BucketRow[] {
  const rand = rng(42);
  const rows: BucketRow[] = [];
  // One row per hour and key, two minutes before now and back from there: all in the past.
  const latest = Math.floor(Date.now() / 60_000) * 60_000 - 2 * 60_000;
  for (let h = 0; h < 7 * 24; h++) {
    const hour = new Date(latest - h * 3_600_000);
    const daytime = 0.55 + 0.45 * Math.sin(((hour.getUTCHours() - 6) / 24) * 2 * Math.PI);
    for (const key of keys) {
      const total = Math.round(key.weight * daytime * (120 + rand() * 60));
      for (const [endpoint, share, units] of ENDPOINTS) {
        const n = Math.round(total * share * (0.8 + rand() * 0.4));
        if (n === 0) continue;
        const e4 = Math.round(n * (0.01 + rand() * 0.02));
        const e5 = rand() < 0.01 ? 1 : 0;
        const limited = key.weight === 1 && rand() < 0.02 ? 2 + Math.round(rand() * 6) : 0;
        const base = { accountId, apiKeyId: key.id, minute: hour, endpoint };
        rows.push({ ...base, statusClass: "2xx", requests: n - e4 - e5, units: (n - e4 - e5) * units });
        if (e4) rows.push({ ...base, statusClass: "4xx", requests: e4, units: 0 });
        if (e5) rows.push({ ...base, statusClass: "5xx", requests: e5, units: 0 });
        if (limited) rows.push({ ...base, statusClass: "429", requests: limited, units: 0 });
      }
    }
  }
  return rows;
}

test("screenshots: keys page, display-once dialog, usage with data, overview and audit log", async ({
  browser,
  baseURL,
}) => {
  const { page, context } = await newUserPage(browser, baseURL, "dana");
  await page.setViewportSize({ width: 1440, height: 960 });
  await page.goto("/dashboard/keys");
  await expect(page.getByRole("heading", { name: "No API keys yet" })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, "keys-empty.png") });

  const { key: prod } = await createKeyThroughUi(page, "Production backend", "live");
  await page.screenshot({ path: path.join(SCREENS, "key-display-once.png") });
  await page.keyboard.press("Escape");
  await page.screenshot({ path: path.join(SCREENS, "key-display-once-confirm.png") });
  await page.getByRole("button", { name: "I have copied it" }).click();
  const { key: staging } = await createKeyThroughUi(page, "Staging");
  await confirmCopied(page);
  const { key: laptop } = await createKeyThroughUi(page, "Laptop experiments");
  await confirmCopied(page);
  const laptopRow = page.getByRole("listitem").filter({ hasText: laptop.slice(0, 16) });
  await laptopRow.getByRole("button", { name: /^Revoke/ }).click();
  await page.screenshot({ path: path.join(SCREENS, "key-revoke-confirm.png") });
  await page.getByRole("button", { name: "Revoke key" }).click();
  // The revoke is settled only when the row says so; navigating earlier can drop the request.
  await expect(laptopRow).toContainText("Revoked");

  const keys = [prod, staging, laptop].map((k) => keyRecord(k.slice(0, 16)));
  const rows = syntheticWeek(keys[0].accountId, [
    { id: keys[0].id, weight: 1 },
    { id: keys[1].id, weight: 0.35 },
    { id: keys[2].id, weight: 0.08 },
  ]);
  insertBuckets(rows);
  setPlan(keys[0].accountId, "pro");
  // Metering stamps lastUsedAt as it counts; these rows were written by hand, so stamp it too.
  for (const k of keys) setLastUsed(k.id, new Date(Date.now() - 2 * 60_000));
  const weekCutoff = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 6 * 86_400_000;
  // The page shows the frame's environment (test unless ?env=live): the two test keys' requests.
  const weekTotal = rows
    .filter((r) => r.minute.getTime() >= weekCutoff && r.apiKeyId !== keys[0].id)
    .reduce((n, r) => n + r.requests, 0);

  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: staging.slice(0, 16) })).toContainText(
    "minutes ago",
  );
  await page.screenshot({ path: path.join(SCREENS, "keys.png"), fullPage: true });

  await page.goto("/dashboard/usage?range=7d");
  await expect(statValue(page, "Requests")).toHaveText(weekTotal.toLocaleString("en-US"));
  await expect(page.locator("[data-bar]").first()).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, "usage-7d.png"), fullPage: true });
  // Hover a bar: the tooltip gives real numbers for that bucket.
  const chart = page.getByRole("img", { name: /Requests per day/ });
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.62, box.y + box.height * 0.6);
  await expect(page.locator("[data-chart-tooltip]")).toContainText("2xx success");
  await page.screenshot({ path: path.join(SCREENS, "usage-7d-tooltip.png") });

  await page.goto("/dashboard/usage?env=live&range=7d");
  await page.getByText("24 hours", { exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/usage\?env=live$/);
  await page
    .getByRole("combobox", { name: "Key", exact: true })
    .selectOption({ label: `Production backend · ${prod.slice(0, 16)}` });
  await expect(page).toHaveURL(new RegExp(`keyId=${keys[0].id}`));
  await expect(page.getByRole("table", { name: "Usage per key" }).getByRole("row")).toHaveCount(2);
  await page.screenshot({ path: path.join(SCREENS, "usage-24h-one-key.png"), fullPage: true });

  await page.goto("/dashboard");
  await expect(page.locator("main")).toContainText(`Your newest test key starts ${staging.slice(0, 16)}`);
  await page.screenshot({ path: path.join(SCREENS, "overview.png"), fullPage: true });

  await page.goto("/dashboard/audit");
  await expect(page.getByRole("row").filter({ hasText: "Key revoked" })).toContainText(laptop.slice(0, 16));
  await page.screenshot({ path: path.join(SCREENS, "audit.png"), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/usage?range=7d");
  await expect(statValue(page, "Requests")).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, "usage-mobile.png"), fullPage: true });
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.screenshot({ path: path.join(SCREENS, "nav-mobile.png") });
  await context.close();
});

test("screenshots: sign-in and sign-up pages", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/signin");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password").fill("wrong password!!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Incorrect" })).toHaveText(
    "Incorrect email or password.",
  );
  await page.screenshot({ path: path.join(SCREENS, "signin.png") });
  await page.goto("/signup");
  await page.screenshot({ path: path.join(SCREENS, "signup.png") });
  await context.close();
});
