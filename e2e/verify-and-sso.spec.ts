import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { copyTemplateDb, freePort, startApp, type RunningApp } from "../tests/support/app";
import { decodedBody, mailbox, waitFor } from "../tests/support/mailbox";
import { startOidcProvider, type RunningOidcProvider } from "../tests/support/oidc-provider";
import { ensureTemplateDb } from "../tests/support/template";
import { confirmCopied, createKeyThroughUi, PASSWORD, SCREENS, uniqueEmail } from "./dashboard-helpers";

// Verified email and single sign-on (docs/accounts.md), on a server of their own: mail goes to a
// real SMTP server in the test, and SSO to a real OpenID Connect provider (oidc-provider).
test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

let app: RunningApp;
let op: RunningOidcProvider;
const mail = mailbox();

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  op = await startOidcProvider([`http://127.0.0.1:${port}/api/auth/callback/oidc`]);
  app = await startApp({
    databaseUrl: copyTemplateDb(ensureTemplateDb()),
    port,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${await mail.listening}`,
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: op.clientId,
      OIDC_CLIENT_SECRET: op.clientSecret,
      OIDC_NAME: "Acme SSO",
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await op?.close();
  await mail.close();
});

async function expectUsable(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test(`sign-up -> emailed link -> verified -> live key, at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport });
    const page = await context.newPage();
    const email = uniqueEmail("verify");
    await page.goto("/signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/dashboard");

    const banner = page.getByRole("region", { name: "Verify your email address" });
    await expect(banner).toContainText(`Open the link we sent to ${email}`);
    // The overview's loading skeleton puts aria-label on a plain div (axe: aria-prohibited-attr).
    await expect(page.getByLabel("Loading overview")).toHaveCount(0);
    await expectUsable(page);
    await page.screenshot({
      path: path.join(SCREENS, `verify-banner-${viewport.width}.png`),
      fullPage: true,
    });

    // A live key is refused with the reason and what to do; the banner stays.
    await page.goto("/dashboard/keys");
    await page
      .getByRole("button", { name: /create (your first )?key/i })
      .first()
      .click();
    const form = page.getByRole("dialog", { name: "Create API key" });
    await form.getByLabel("Name").fill("Production");
    await form.getByLabel(/^Live/).check();
    await form.getByRole("button", { name: "Create key" }).click();
    await expect(form).toContainText("Verify your email address before creating live keys");
    await page.keyboard.press("Escape");

    // The link from the message a real SMTP server received.
    const message = await waitFor(() => mail.messages.find((m) => m.to.includes(email)));
    const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(decodedBody(message.raw))![0];
    expect(new URL(link).origin).toBe(app.baseUrl);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Verify your email", level: 1 })).toBeVisible();
    await expectUsable(page);
    await page.getByRole("button", { name: "Verify my email address" }).click();
    await expect(page.getByRole("status")).toContainText(`${email} is verified.`);
    await page.getByRole("link", { name: "Go to API keys" }).click();
    await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    const { key } = await createKeyThroughUi(page, "Production", "live");
    expect(key).toMatch(/^sk_live_/);
    await confirmCopied(page);

    // The same link again: refused, saying so.
    await page.goto(link);
    await page.getByRole("button", { name: "Verify my email address" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "already used" })).toBeVisible();
    await context.close();
  });

  test(`single sign-on through the OpenID Connect provider, at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport });
    const page = await context.newPage();
    const email = uniqueEmail("sso");
    await page.goto("/signin");
    const sso = page.getByRole("button", { name: "Continue with Acme SSO" });
    await expect(sso).toBeVisible();
    await expectUsable(page);
    await page.screenshot({ path: path.join(SCREENS, `signin-sso-${viewport.width}.png`) });
    await sso.focus();
    await page.keyboard.press("Enter");

    // The provider's own pages (oidc-provider's development interactions accept any login).
    await page.waitForURL(`${op.issuer}/**`);
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();

    await page.waitForURL(`${app.baseUrl}/dashboard`);
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
    // The provider verified the address: no banner, and the account shows the SSO email.
    await expect(page.getByRole("region", { name: "Verify your email address" })).toHaveCount(0);
    if (viewport.width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByText(email, { exact: true }).filter({ visible: true })).toBeVisible();
    await context.close();
  });
}
