import path from "node:path";
import Database from "better-sqlite3";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { copyTemplateDb, freePort, startApp, type RunningApp } from "../tests/support/app";
import { decodedBody, mailbox, waitFor } from "../tests/support/mailbox";
import { ensureTemplateDb } from "../tests/support/template";
import { PASSWORD, SCREENS, sqliteTime, uniqueEmail } from "./dashboard-helpers";

// Passkeys with Chromium's virtual authenticator (CDP WebAuthn domain) on a server of its own:
// NEXTAUTH_URL names `localhost` (an IP address cannot be a WebAuthn RP ID) and mail goes to a
// real SMTP server in the test.
test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
// A second browser on another system (the project's is Chrome on Windows): its sign-in is "new"
// (lib/signins/history.ts).
const OTHER_BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let app: RunningApp;
let origin: string;
let databaseUrl: string;
const mail = mailbox();

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  databaseUrl = copyTemplateDb(ensureTemplateDb());
  app = await startApp({
    databaseUrl,
    port,
    env: {
      NEXTAUTH_URL: origin,
      SMTP_URL: `smtp://127.0.0.1:${await mail.listening}`,
      PASSWORD_CHECK_TIMEOUT_MS: "30000",
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await mail.close();
});

async function expectUsable(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A platform authenticator that holds passkeys and verifies its user (a fingerprint, say) at once. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page) {
  const button = page.getByRole("button", { name: "Sign out", exact: true });
  if (!(await button.isVisible())) await page.getByRole("button", { name: "Open menu" }).click();
  await button.click();
  await page.waitForURL("**/signin");
}

for (const viewport of VIEWPORTS) {
  test(`register a passkey on Account, sign out, sign in with it; a new browser is mailed, at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ baseURL: origin, viewport });
    const page = await context.newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
    const email = uniqueEmail("passkey");
    const signup = await page.request.post("/api/signup", { data: { email, password: PASSWORD } });
    expect(signup.status()).toBe(201);
    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/dashboard", { timeout: 60_000 });

    // Register (signing in just now counts as the re-authentication security changes need).
    await page.goto("/dashboard/account");
    await page.getByLabel("Name for a new passkey").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Passkey “Test laptop” added" })).toBeVisible();
    const list = page.getByRole("list", { name: "Passkeys" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText("never used");
    const stored = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(stored.credentials).toHaveLength(1);
    expect(stored.credentials[0].isResidentCredential).toBe(true);

    // Rename it.
    await page.getByRole("button", { name: "Rename passkey Test laptop" }).click();
    await page.getByLabel("New name for Test laptop").fill("Work laptop");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(list.getByText("Work laptop", { exact: true })).toBeVisible();
    // The sign-in history holds the password sign-in.
    const history = page.getByRole("list", { name: "Recent sign-ins" });
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history).toContainText("Password");
    await expectUsable(page);
    await page.screenshot({
      path: path.join(SCREENS, `account-passkeys-${viewport.width}.png`),
      fullPage: true,
    });

    // Sign out, then back in with the passkey alone: no address, no password.
    await signOut(page);
    await expectUsable(page);
    await page.screenshot({
      path: path.join(SCREENS, `signin-passkey-${viewport.width}.png`),
      fullPage: true,
    });
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await page.waitForURL("**/dashboard", { timeout: 60_000 });
    await page.goto("/dashboard/account");
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history.getByRole("listitem").first()).toContainText("Passkey");
    await expect(list).toContainText("last used");

    // The same passkey in another browser on another system (no cookies): a new sign-in, mailed.
    // Copied with its signature counter as it is now (a copy holding an older count is refused as
    // a clone).
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    const other = await browser.newContext({ baseURL: origin, viewport, userAgent: OTHER_BROWSER });
    const otherPage = await other.newPage();
    const second = await virtualAuthenticator(other, otherPage);
    await second.cdp.send("WebAuthn.addCredential", {
      authenticatorId: second.authenticatorId,
      credential: credentials[0],
    });
    await otherPage.goto("/signin");
    await otherPage.getByRole("button", { name: "Continue with a passkey" }).click();
    await otherPage.waitForURL("**/dashboard", { timeout: 60_000 });
    // (Sign-up mailed the address-verification link before.)
    const newSignIns = () =>
      mail.messages.filter(
        (m) => m.to.includes(email) && m.raw.includes("Subject: New sign-in to your Statline account"),
      );
    const message = await waitFor(() => newSignIns()[0]);
    const text = decodedBody(message.raw);
    expect(text).toContain("Browser: Chrome 131 on macOS");
    expect(text).toContain("Signed in with: a passkey");
    expect(text).toContain(`${origin}/dashboard/account`);
    // Only that one: the first sign-in and the passkey sign-in from the first browser were not new.
    expect(newSignIns()).toHaveLength(1);

    // Removing it needs a recent re-authentication (the passkey sign-in was one) and is audited.
    await page.reload();
    await page.getByRole("button", { name: "Remove passkey Work laptop" }).click();
    await page.getByRole("button", { name: "Remove passkey", exact: true }).click();
    await expect(list).toHaveCount(0);
    await page.goto("/dashboard/audit");
    await expect(page.getByText("Passkey removed").filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText("Passkey added").filter({ visible: true }).first()).toBeVisible();
    await other.close();
    await context.close();
  });
}

/** Moves the user's sessions' sign-in an hour back, as if signed in long ago: no proof is recent. */
function ageSessions(email: string) {
  const db = new Database(databaseUrl.slice("file:".length));
  db.pragma("busy_timeout = 5000");
  db.prepare(
    "UPDATE user_sessions SET createdAt = ?, reauthAt = NULL WHERE userId = (SELECT id FROM users WHERE email = ?)",
  ).run(sqliteTime(new Date(Date.now() - 3_600_000)), email);
  db.close();
}

for (const viewport of VIEWPORTS) {
  test(`re-authenticate with a passkey: a refused security change works after "Confirm with a passkey", at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: origin, viewport });
    const page = await context.newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
    const email = uniqueEmail("reauth-passkey");
    expect((await page.request.post("/api/signup", { data: { email, password: PASSWORD } })).status()).toBe(
      201,
    );
    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/dashboard", { timeout: 60_000 });
    await page.goto("/dashboard/account");
    const confirmCard = page.locator("form").filter({ has: page.getByLabel("Password or 6-digit code") });
    await page.getByLabel("Name for a new passkey").fill("Phone");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Passkey “Phone” added" })).toBeVisible();

    // Signed in an hour ago: removing the passkey is refused until the user proves it's them.
    ageSessions(email);
    await page.reload();
    await page.getByRole("button", { name: "Remove passkey Phone" }).click();
    await page.getByRole("button", { name: "Remove passkey", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "re-authentication required" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Passkeys" }).getByRole("listitem")).toHaveCount(1);
    // The page asks for the proof ("Confirm it's you"), a passkey offered beside the password.
    await expect(confirmCard.getByLabel("Password or 6-digit code")).toBeVisible();

    // The passkey proves it (the virtual authenticator answers at once); the server records it.
    const before = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials[0].signCount;
    await page.getByRole("button", { name: "Confirm with a passkey" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Confirmed until / })).toBeVisible();
    const after = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials[0].signCount;
    expect(after).toBeGreaterThan(before);
    await expectUsable(page);
    await page.screenshot({
      path: path.join(SCREENS, `account-reauth-passkey-${viewport.width}.png`),
      fullPage: true,
    });

    // Now the same change goes through (the refused removal still asks to confirm it).
    await page.getByRole("button", { name: "Remove passkey", exact: true }).click();
    await expect(page.getByRole("list", { name: "Passkeys" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Confirm with a passkey" })).toHaveCount(0);

    // A passkey the server no longer knows (removed from another device meanwhile) proves nothing:
    // the refusal is the form's message, focused, and the change stays refused.
    await page.getByLabel("Name for a new passkey").fill("Laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Passkey “Laptop” added" })).toBeVisible();
    // The list's refetch after the add lands first: one landing after the row is deleted below
    // would show no passkey, and no "Confirm with a passkey" to press.
    await expect(page.getByRole("list", { name: "Passkeys" }).getByRole("listitem")).toHaveCount(1);
    ageSessions(email);
    const db = new Database(databaseUrl.slice("file:".length));
    db.prepare("DELETE FROM passkeys WHERE userId = (SELECT id FROM users WHERE email = ?)").run(email);
    db.close();
    await page.getByRole("button", { name: "Confirm with a passkey" }).click();
    const refusal = confirmCard.getByRole("alert");
    await expect(refusal).toHaveText(/That passkey was not accepted/);
    await expect(refusal).toBeFocused();
    await expectUsable(page);
    await context.close();
  });
}
