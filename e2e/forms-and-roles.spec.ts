import { randomBytes } from "node:crypto";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { copyTemplateDb, freePort, startApp, type RunningApp } from "../tests/support/app";
import { ensureTemplateDb } from "../tests/support/template";
import { createUser } from "../tests/support/users";
import {
  confirmCopied,
  createKeyThroughUi,
  PASSWORD,
  SCREENS,
  signInThroughForm,
  sqliteTime,
  uniqueEmail,
} from "./dashboard-helpers";

// Errors where the eye is and role-aware pages, on a server of their own: it runs without
// WEBHOOK_ALLOW_PRIVATE, so a private webhook URL is refused as in production.
test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

let app: RunningApp;
let databaseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  databaseUrl = copyTemplateDb(ensureTemplateDb());
  app = await startApp({ databaseUrl, port: await freePort() });
});
test.afterAll(async () => {
  await app?.stop();
});

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function signedIn(browser: Browser, viewport: { width: number; height: number }, who: string) {
  const email = uniqueEmail(who);
  const user = createUser(databaseUrl, email, PASSWORD);
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport });
  const page = await context.newPage();
  await signInThroughForm(page, email);
  return { ...user, email, context, page };
}

/** The field is marked, described by the message, focused, in view, and still holds what was typed. */
async function expectRefusedHere(field: Locator, typed: string, message: string | RegExp) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(typed);
  await expect(field).toBeInViewport();
  const describedBy = (await field.getAttribute("aria-describedby"))!;
  await expect(field.page().locator(`[id="${describedBy}"]`)).toBeInViewport();
}

for (const viewport of VIEWPORTS) {
  test(`refusals beside their field at ${viewport.width}x${viewport.height}: allowlist, private webhook URL, wrong password`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { page, context } = await signedIn(browser, viewport, `forms-${viewport.width}`);
    const w = viewport.width;

    // Create key: the allowlist is refused by the server, naming the bad entries.
    await page.goto("/dashboard/keys");
    await page
      .getByRole("button", { name: /create (your first )?key/i })
      .first()
      .click();
    const create = page.getByRole("dialog", { name: "Create API key" });
    await create.getByLabel("Name").fill("Allowlisted");
    await create.getByText("IP allowlist, limits and note").click();
    const allow = create.getByLabel("Allowed IP addresses (optional)");
    await allow.fill("10.0.0.0/33, banana");
    await create.getByRole("button", { name: "Create key" }).click();
    await expectRefusedHere(
      allow,
      "10.0.0.0/33, banana",
      "10.0.0.0/33 and banana are not IPv4/IPv6 addresses or CIDR ranges",
    );
    await expect(create.getByLabel("Name")).toHaveValue("Allowlisted");
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: path.join(SCREENS, `forms-allowlist-${w}.png`) });
    // Corrected, it goes through: the marking goes with the change.
    await allow.fill("10.0.0.0/8");
    await expect(allow).not.toHaveAttribute("aria-invalid", "true");
    await create.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByRole("dialog", { name: "Save your API key" })).toBeVisible();
    await confirmCopied(page);

    // Edit key: the same field, the same answer.
    await page.getByRole("button", { name: /^Edit Allowlisted/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit API key" });
    const editAllow = edit.getByLabel("Allowed IP addresses (optional)");
    await editAllow.fill("banana");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expectRefusedHere(editAllow, "banana", "banana is not an IPv4/IPv6 address or CIDR range");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect(edit).toHaveCount(0);

    // Webhook endpoint: a private address is refused under the URL.
    await page.goto("/dashboard/webhooks");
    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const hook = page.getByRole("dialog", { name: "Add webhook endpoint" });
    const url = hook.getByLabel("Endpoint URL");
    await url.fill("http://10.0.0.5/hook");
    await hook.getByRole("button", { name: "Add endpoint" }).click();
    await expectRefusedHere(
      url,
      "http://10.0.0.5/hook",
      /^10\.0\.0\.5 is a private, loopback or link-local address/,
    );
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: path.join(SCREENS, `forms-webhook-${w}.png`) });
    await hook.getByRole("button", { name: "Cancel" }).click();
    await expect(hook).toHaveCount(0);

    // Password: a wrong current password is the current-password field's problem; nothing is emptied.
    await page.goto("/dashboard/account");
    const current = page.getByLabel("Current password");
    await current.fill("not my password at all");
    await page.getByLabel("New password", { exact: true }).fill("amber lantern quietly 77");
    await page.getByLabel("New password again").fill("amber lantern quietly 77");
    await page.getByRole("button", { name: "Change password" }).click();
    await expectRefusedHere(current, "not my password at all", "That password is not correct");
    await expect(page.getByLabel("New password", { exact: true })).toHaveValue("amber lantern quietly 77");
    await expect(page.getByLabel("New password again")).toHaveValue("amber lantern quietly 77");
    // The account page does not open with "Confirm it's you": no change asked for it.
    await expect(page.getByRole("heading", { name: "Confirm it's you" })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: path.join(SCREENS, `forms-password-${w}.png`) });
    await context.close();
  });
}

/** Makes `userId` a member of the workspace `accountId` with `role` (what an accepted invitation does). */
function addMember(userId: string, accountId: string, role: "developer" | "viewer") {
  const db = new Database(databaseUrl.slice("file:".length));
  db.pragma("busy_timeout = 5000");
  db.prepare("INSERT INTO memberships (id, userId, accountId, role, createdAt) VALUES (?, ?, ?, ?, ?)").run(
    `m_${randomBytes(8).toString("hex")}`,
    userId,
    accountId,
    role,
    sqliteTime(new Date()),
  );
  db.close();
}

for (const viewport of VIEWPORTS) {
  test(`a developer's keys, a viewer's audit log and a developer's webhooks at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const w = viewport.width;
    const owner = await signedIn(browser, viewport, `team-owner-${w}`);
    await owner.page.goto("/dashboard/keys");
    await createKeyThroughUi(owner.page, "Owner key");
    await confirmCopied(owner.page);

    const dev = await signedIn(browser, viewport, `team-dev-${w}`);
    addMember(dev.id, owner.accountId, "developer");
    const viewer = await signedIn(browser, viewport, `team-viewer-${w}`);
    addMember(viewer.id, owner.accountId, "viewer");

    // The developer is offered actions on its own key only (the server refuses the others: 403).
    await dev.page.goto(`/dashboard/keys?w=${owner.accountId}`);
    await createKeyThroughUi(dev.page, "Dev key");
    await confirmCopied(dev.page);
    const keys = dev.page.getByRole("list", { name: "API keys" });
    for (const action of ["Edit", "Roll", "Disable", "Revoke"])
      await expect(keys.getByRole("button", { name: new RegExp(`^${action} Dev key`) })).toBeVisible();
    await expect(keys.getByRole("button", { name: /Owner key/ })).toHaveCount(0);
    const ownerRow = keys.getByRole("listitem").filter({ hasText: "Owner key" });
    await expect(ownerRow).toContainText("Only its creator, an admin or an owner can change this key.");
    await expect(dev.page.getByText("As a developer you can change the keys you created.")).toBeVisible();
    await expectNoSeriousAxeViolations(dev.page);
    await dev.page.screenshot({ path: path.join(SCREENS, `roles-dev-keys-${w}.png`), fullPage: true });

    // The developer's webhooks page says what the role allows.
    await dev.page.goto(`/dashboard/webhooks?w=${owner.accountId}`);
    await expect(
      dev.page.getByText(/As a developer you see the endpoints and their deliveries/),
    ).toBeVisible();
    await expect(dev.page.getByRole("button", { name: "Add endpoint" })).toHaveCount(0);
    await expectNoSeriousAxeViolations(dev.page);

    // The viewer's audit log explains the role: no error card, no retry, no export.
    await viewer.page.goto(`/dashboard/audit?w=${owner.accountId}`);
    await expect(viewer.page.getByRole("heading", { name: "Admins and owners only" })).toBeVisible();
    await expect(
      viewer.page.getByText("As a viewer of this workspace you cannot read its audit log."),
    ).toBeVisible();
    await expect(viewer.page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    await expect(viewer.page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await expectNoSeriousAxeViolations(viewer.page);
    await viewer.page.screenshot({ path: path.join(SCREENS, `roles-viewer-audit-${w}.png`), fullPage: true });

    for (const u of [owner, dev, viewer]) await u.context.close();
  });
}

test("a used or unknown reset link says so before any password is typed, with a link to ask again", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: VIEWPORTS[1] });
  const page = await context.newPage();
  await page.goto(`/reset-password?token=${randomBytes(32).toString("base64url")}`);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(page.getByLabel("New password")).toHaveCount(0);
  const again = page.getByRole("link", { name: "Ask for a new one" });
  await expect(again).toHaveAttribute("href", "/reset-password");
  await expectNoSeriousAxeViolations(page);
  await again.click();
  await expect(page.getByLabel("Email")).toBeVisible();
  await context.close();
});

test("robots.txt keeps private surfaces out, and the home page names its social card", async ({ page }) => {
  const robots = await page.request.get(`${app.baseUrl}/robots.txt`);
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  for (const p of ["/dashboard", "/operator", "/api", "/oauth"]) expect(text).toContain(`Disallow: ${p}\n`);
  await page.goto(`${app.baseUrl}/`);
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toBe(`${app.baseUrl}/social-card.png`);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  const png = await page.request.get(image!);
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toBe("image/png");
});
