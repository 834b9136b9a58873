import path from "node:path";
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  callTeams,
  confirmCopied,
  createKeyThroughUi,
  e2eDb,
  keyRecord,
  newUserPage,
  SCREENS,
  sqliteTime,
} from "./dashboard-helpers";

// The per-key page (/dashboard/keys/[id]): every action the role allows, each waited for until its
// outcome shows (the notice, the status badge, the API's answer with the key), at both sizes.

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function expectUsable(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The key's id and workspace from its display prefix (the first 16 characters). */
const keyIdOf = (secret: string) => keyRecord(secret.slice(0, 16));

function addViewer(email: string, accountId: string) {
  const db = e2eDb();
  const user = db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: string };
  db.prepare("INSERT INTO memberships (id, userId, accountId, role, createdAt) VALUES (?, ?, ?, ?, ?)").run(
    `m_${randomBytes(8).toString("hex")}`,
    user.id,
    accountId,
    "viewer",
    sqliteTime(new Date()),
  );
  db.close();
}

for (const viewport of VIEWPORTS) {
  test(`the key page: edit, roll, disable, enable and revoke, each outcome shown, at ${viewport.width}x${viewport.height}`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const owner = await newUserPage(browser, baseURL, `keypage-${viewport.width}`);
    const { page } = owner;
    await page.setViewportSize(viewport);
    await page.goto("/dashboard/keys");
    const { key } = await createKeyThroughUi(page, "Build server");
    await confirmCopied(page);
    const { id, accountId } = keyIdOf(key);

    await page.getByRole("link", { name: "Build server" }).first().click();
    await page.waitForURL(`**/dashboard/keys/${id}**`);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Build server");
    await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
    await expectUsable(page);

    // Edit: an empty name is refused beside the field (the route's own schema, checked before
    // sending), focus on it; then a new name is saved and shown.
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const edit = page.getByRole("dialog", { name: "Edit API key" });
    const name = edit.getByLabel("Name");
    await expect(name).toHaveValue("Build server");
    await name.fill("   ");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(/Give the key a name/);
    await expect(name).toBeFocused();
    await expectUsable(page);
    await name.fill("Build server (CI)");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Saved. Requests see the change within 2 seconds.")).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(heading).toHaveText("Build server (CI)");

    // Roll with a grace: the new key is shown once (the shared secret dialog), works at once, and
    // the old page offers no second roll or edit.
    await page.getByRole("button", { name: "Roll", exact: true }).click();
    const roll = page.getByRole("dialog", { name: "Roll API key" });
    await expect(roll.getByRole("button", { name: "Cancel" })).toBeFocused();
    await roll.getByLabel("1 hour").check();
    await roll.getByRole("button", { name: "Roll key" }).click();
    const reveal = page.getByRole("dialog", { name: "Save your API key" });
    await expect(reveal).toBeVisible();
    const rolled = await reveal.getByLabel("Secret key").inputValue();
    expect(rolled).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(rolled).not.toBe(key);
    await expect(reveal.getByLabel("Secret key")).toBeFocused();
    await expectUsable(page);
    await page.screenshot({ path: path.join(SCREENS, `key-page-rolled-${viewport.width}.png`) });
    await confirmCopied(page);
    await expect(page.getByText(/^Rolled to sk_test_/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Roll", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
    expect((await callTeams(page.request, rolled)).status).toBe(200);
    expect((await callTeams(page.request, key)).status).toBe(200);

    // Disable: confirmed in a dialog; the badge and the API agree.
    await page.getByRole("button", { name: "Disable", exact: true }).click();
    const disable = page.getByRole("dialog", { name: "Disable API key?" });
    await disable.getByRole("button", { name: "Disable key" }).click();
    await expect(page.getByText("Key disabled.")).toBeVisible();
    await expect(page.getByText("Disabled", { exact: true }).first()).toBeVisible();
    await expect.poll(async () => (await callTeams(page.request, key)).status, { timeout: 10_000 }).toBe(401);

    // Enable: at once, no dialog.
    await page.getByRole("button", { name: "Enable", exact: true }).click();
    await expect(page.getByText("Key enabled.")).toBeVisible();
    await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
    await expect.poll(async () => (await callTeams(page.request, key)).status, { timeout: 10_000 }).toBe(200);

    // Revoke: confirmed; no action is left and the key is refused.
    await page.getByRole("button", { name: "Revoke", exact: true }).click();
    const revoke = page.getByRole("dialog", { name: "Revoke API key?" });
    await expect(revoke.getByRole("button", { name: "Cancel" })).toBeFocused();
    await revoke.getByRole("button", { name: "Revoke key" }).click();
    await expect(
      page.getByText("Revoked. Requests with this key now get 401 Invalid API key."),
    ).toBeVisible();
    await expect(page.getByText("Revoked", { exact: true }).first()).toBeVisible();
    for (const action of ["Edit", "Roll", "Disable", "Enable", "Revoke"])
      await expect(page.getByRole("button", { name: action, exact: true })).toHaveCount(0);
    await expect.poll(async () => (await callTeams(page.request, key)).status, { timeout: 10_000 }).toBe(401);
    expect((await callTeams(page.request, rolled)).status).toBe(200);
    await expectUsable(page);
    await page.screenshot({
      path: path.join(SCREENS, `key-page-revoked-${viewport.width}.png`),
      fullPage: true,
    });

    // A viewer of the workspace sees the key but is offered no action, and is told who may act.
    const viewer = await newUserPage(browser, baseURL, `keypage-viewer-${viewport.width}`);
    await viewer.page.setViewportSize(viewport);
    addViewer(viewer.email, accountId);
    const { id: rolledId } = keyIdOf(rolled);
    await viewer.page.goto(`/dashboard/keys/${rolledId}?w=${accountId}`);
    await expect(viewer.page.getByRole("heading", { level: 1 })).toHaveText("Build server (CI)");
    await expect(
      viewer.page.getByText("Admins, owners and the member who created this key can change it."),
    ).toBeVisible();
    for (const action of ["Edit", "Roll", "Disable", "Revoke"])
      await expect(viewer.page.getByRole("button", { name: action, exact: true })).toHaveCount(0);
    await expectUsable(viewer.page);
    await viewer.context.close();
    await owner.context.close();
  });
}
