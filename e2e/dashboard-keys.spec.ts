import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { confirmCopied, createKeyThroughUi, newUserPage, ROOT } from "./dashboard-helpers";

// The keys page as a new user meets it, at a laptop and a phone size.
const SHOTS = path.join(ROOT, "test-results");
const LONG =
  "Nightly reconciliation worker for the Scandinavian football archive (staging cluster eu-north-1b)";

async function expectNoSeriousAxe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

async function expectNoSideways(page: Page): Promise<number> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  return innerWidth;
}

/** No sideways page scroll, and every action button of the list inside the viewport. */
async function expectFits(page: Page) {
  const innerWidth = await expectNoSideways(page);
  const list = page.getByRole("list", { name: "API keys" });
  for (const button of await list.getByRole("button").all()) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
  }
}

const v1 = async (request: APIRequestContext, key: string, p = "/v1/persons?limit=1", ip?: string) =>
  (
    await request.get(p, { headers: { "X-API-Key": key, ...(ip ? { "X-Forwarded-For": ip } : {}) } })
  ).status();

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`keys page at ${size.width}x${size.height}: long names, revoke, roll, restricted key`, async ({
    browser,
    baseURL,
  }) => {
    // 3.7-4.1 min per width on the shared 2-core machine with four other builds (it timed out at 4 min).
    test.setTimeout(480_000);
    const { page, context } = await newUserPage(browser, baseURL, `keys${size.width}`);
    const request = context.request;
    await page.setViewportSize(size);
    await page.goto("/dashboard/keys");
    // Settled first: axe once ran mid-navigation and reported the document root itself.
    await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousAxe(page, "empty keys page");

    const { key: first } = await createKeyThroughUi(page, LONG);
    await expectNoSeriousAxe(page, "display-once dialog");
    await confirmCopied(page);
    const { key: second } = await createKeyThroughUi(page, `${LONG} — second`);
    await confirmCopied(page);
    await expectFits(page);

    // Revoke the first; focus lands on the list heading, not on <body>.
    const firstItem = page.getByRole("listitem").filter({ hasText: first.slice(0, 16) });
    await firstItem.getByRole("button", { name: /^Revoke/ }).click();
    await expectNoSeriousAxe(page, "revoke dialog");
    await page.getByRole("button", { name: "Revoke key" }).click();
    await expect(firstItem).toContainText("Revoked");
    await expect(page.getByRole("heading", { name: "Your keys" })).toBeFocused();
    await expectFits(page);

    // Roll the second with a 1 hour grace: both secrets work.
    await page
      .getByRole("listitem")
      .filter({ hasText: second.slice(0, 16) })
      .getByRole("button", { name: /^Roll/ })
      .click();
    const roll = page.getByRole("dialog", { name: "Roll API key" });
    await roll.getByLabel("1 hour").check();
    await expectNoSeriousAxe(page, "roll dialog");
    await roll.getByRole("button", { name: "Roll key" }).click();
    const reveal = page.getByRole("dialog", { name: "Save your API key" });
    const rolled = await reveal.getByLabel("Secret key").inputValue();
    expect(rolled).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    await confirmCopied(page);
    expect(await v1(request, second)).toBe(200);
    expect(await v1(request, rolled)).toBe(200);
    // Both rows show the link (each names the other's prefix, so select by the link text).
    const successor = page.getByRole("listitem").filter({ hasText: `Rolled from ${second.slice(0, 16)}` });
    await expect(successor).toHaveCount(1);
    await expect(successor).toContainText(rolled.slice(0, 16));
    const predecessor = page.getByRole("listitem").filter({ hasText: `Rolled to ${rolled.slice(0, 16)}` });
    await expect(predecessor).toHaveCount(1);
    await expect(predecessor).toContainText(second.slice(0, 16));

    // A restricted, expiring, IP-limited key.
    await page
      .getByRole("button", { name: /create (your first )?key/i })
      .first()
      .click();
    const form = page.getByRole("dialog", { name: "Create API key" });
    await form.getByLabel("Name").fill("Restricted reporting key");
    await form.getByLabel("Expires").selectOption("7d");
    await form.getByLabel("Odds").uncheck();
    await form.getByText("IP allowlist, limits and note").click();
    await form.getByLabel("Allowed IP addresses (optional)").fill("203.0.113.0/24");
    await form.getByLabel("Note (optional)").fill("For the weekly report");
    await expectNoSeriousAxe(page, "create dialog with restrictions");
    await form.getByRole("button", { name: "Create key" }).click();
    const restricted = await page
      .getByRole("dialog", { name: "Save your API key" })
      .getByLabel("Secret key")
      .inputValue();
    await confirmCopied(page);
    const item = page.getByRole("listitem").filter({ hasText: restricted.slice(0, 16) });
    await expect(item).toContainText("Expires soon");
    await expect(item).toContainText("Restricted");
    // The e2e server trusts no proxy hop, so the client address is the loopback peer: not allowed.
    expect(await v1(request, restricted)).toBe(403);

    // Edit it, by keyboard: clear the IP allowlist and rename; the same secret then works from here.
    await item.getByRole("button", { name: /^Edit/ }).focus();
    await page.keyboard.press("Enter");
    const edit = page.getByRole("dialog", { name: "Edit API key" });
    await expect(edit.getByLabel("Name")).toBeFocused();
    await expect(edit.getByLabel("Allowed IP addresses (optional)")).toHaveValue("203.0.113.0/24");
    await expect(edit.getByLabel("Odds")).not.toBeChecked();
    await expectNoSeriousAxe(page, "edit dialog");
    const width = await expectNoSideways(page);
    const box = (await edit.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `keys-edit-dialog-${size.width}x${size.height}.png`) });
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Weekly reporting key");
    await edit.getByLabel("Allowed IP addresses (optional)").fill("");
    for (let i = 0; i < 40; i++) {
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
      if (focused === "Save changes") break;
      await page.keyboard.press("Tab");
    }
    await expect(edit.getByRole("button", { name: "Save changes" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(edit).toBeHidden();
    await expect(item).toContainText("Weekly reporting key");
    await expect.poll(() => v1(request, restricted), { timeout: 3000 }).toBe(200);
    expect(await v1(request, restricted, "/v1/persons/1/odds/history")).toBe(403);
    await expectFits(page);

    await item.getByRole("button", { name: /^Disable/ }).click();
    // Disabling asks first, with Cancel focused.
    const confirmDisable = page.getByRole("dialog", { name: "Disable API key?" });
    await expect(confirmDisable.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirmDisable.getByRole("button", { name: "Disable key" }).click();
    await expect(item).toContainText("Disabled");
    await expect.poll(() => v1(request, restricted), { timeout: 3000 }).toBe(401);
    await expectFits(page);

    // Search and filter.
    await page.getByLabel("Search keys by name or prefix").fill("reporting");
    await expect(page.getByRole("list", { name: "API keys" }).getByRole("listitem")).toHaveCount(1);
    await page.getByLabel("Search keys by name or prefix").fill("");
    await page.getByLabel("Filter by status").selectOption("revoked");
    await expect(page.getByRole("list", { name: "API keys" }).getByRole("listitem")).toHaveCount(1);
    await page.getByLabel("Filter by status").selectOption("all");
    await expectNoSeriousAxe(page, "keys page with keys");

    for (const shot of [
      { width: 1280, height: 800 },
      { width: 1440, height: 900 },
      { width: 768, height: 1024 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(shot);
      await expectFits(page);
      await page.screenshot({
        path: path.join(SHOTS, `keys-${shot.width}x${shot.height}-from-${size.width}.png`),
        fullPage: true,
      });
    }
    for (const p of ["/dashboard", "/dashboard/usage", "/dashboard/audit"]) {
      await page.setViewportSize(size);
      await page.goto(p);
      await page.waitForLoadState("networkidle");
      await expectNoSeriousAxe(page, p);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, p).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
}
