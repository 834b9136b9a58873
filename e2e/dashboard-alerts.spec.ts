import AxeBuilder from "@axe-core/playwright";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { e2eDb, newUserPage, ROOT, sqliteTime } from "./dashboard-helpers";

// The Alerts page and the Account page's alert settings at the four supported sizes, with many
// alerts and long titles: no sideways scroll, 0 serious axe violations, keyboard mark-read.
const SHOTS = path.join(ROOT, "test-results", "screens");

async function expectNoSeriousAxe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Alerts written as the server would store them: 30, some with long unbroken names. */
function seedAlerts(email: string, count = 30) {
  const db = e2eDb();
  const { accountId } = db.prepare("SELECT accountId FROM users WHERE email = ?").get(email) as {
    accountId: string;
  };
  const insert = db.prepare(
    `INSERT INTO alerts (id, accountId, type, dedupeKey, title, message, data, inbox, emailState, createdAt)
     VALUES (?, ?, ?, ?, ?, ?, '{}', 1, 'off', ?)`,
  );
  for (let i = 0; i < count; i++) {
    const id = `e2e${randomBytes(8).toString("hex")}`;
    const name = i % 3 === 0 ? `nightly-${"very-long-import-job-name".repeat(4)}-${i}` : `Key ${i}`;
    insert.run(
      id,
      accountId,
      i % 2 ? "key.expiring" : "account.quota_warning",
      `e2e:${id}`,
      i % 2
        ? `Key sk_live_Ab${String(i).padStart(6, "0")}… "${name}" expires soon`
        : `80 % of the monthly quota used (2026-11)`,
      `The API key "${name}" stops working in 3 days. Roll it or create a new key before then.`,
      sqliteTime(new Date(Date.now() - i * 60_000)),
    );
  }
  db.close();
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
]) {
  test(`alerts page and settings at ${size.width}x${size.height}`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const { page, email } = await newUserPage(browser, baseURL, `alerts${size.width}`);
    await page.setViewportSize(size);
    seedAlerts(email);
    await page.goto("/dashboard/alerts");
    await expect(page.getByRole("heading", { name: "Alerts", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "30 unread" })).toBeVisible();
    // The unread count is in the navigation (sidebar) or the top bar's bell (narrow screens).
    if (size.width >= 1024)
      await expect(
        page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /Alerts\s*30 unread/ }),
      ).toBeVisible();
    else await expect(page.getByRole("link", { name: "Alerts, 30 unread" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxe(page, "alerts page");
    await page.screenshot({ path: path.join(SHOTS, `alerts-${size.width}.png`), fullPage: false });

    // Keyboard: the first "Mark read" button, focused and pressed.
    const first = page.getByRole("button", { name: /^Mark read:/ }).first();
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "29 unread" })).toBeVisible();
    await page.getByRole("button", { name: "Mark all read" }).click();
    await expect(page.getByRole("heading", { name: "All read" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Mark read:/ })).toHaveCount(0);

    // Account page: channels per type, saved with CSRF.
    await page.goto("/dashboard/account");
    const card = page.locator("section", { has: page.getByRole("heading", { name: "Alerts", level: 2 }) });
    const box = card.getByRole("checkbox", { name: "Key expires within 7 days: Email" });
    await expect(box).toBeChecked();
    await box.uncheck();
    await card.getByRole("button", { name: "Save alert settings" }).click();
    await expect(card.getByRole("status")).toHaveText("Saved.");
    await page.reload();
    await expect(card.getByRole("checkbox", { name: "Key expires within 7 days: Email" })).not.toBeChecked();
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxe(page, "account page with alert settings");
    await card.screenshot({ path: path.join(SHOTS, `alert-settings-${size.width}.png`) });
  });
}
