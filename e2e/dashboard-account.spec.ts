import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { totpCode } from "../tests/accounts/totp-code";
import { newUserPage, PASSWORD, SCREENS } from "./dashboard-helpers";

// The account page (sessions, two-factor) and two-factor sign-in, at desktop and phone size.

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("account page: sessions, turning two-factor on, signing in with a code, sign out everywhere", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { context, page, email } = await newUserPage(browser, baseURL, "account");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard/account");
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  const sessions = page.getByRole("list", { name: "Active sessions" });
  await expect(sessions.getByText("This browser")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: path.join(SCREENS, "account-1280.png"), fullPage: true });

  // Two-factor on, with a code computed by an independent RFC 6238 implementation.
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.locator("p.font-mono").first().textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The QR code for the otpauth URI (an SVG made on the server), loaded and shown at 200 px.
  const qr = page.getByRole("img", { name: "QR code for your authenticator app" });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(decodeURIComponent((await qr.getAttribute("src"))!)).toContain("<svg");
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: path.join(SCREENS, "account-2fa-setup-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(qr).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: path.join(SCREENS, "account-2fa-setup-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  // Copy and download hold exactly the ten codes shown.
  const shown = await codes.allTextContents();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download .txt" }).click();
  const file = await (await download).createReadStream();
  let text = "";
  for await (const chunk of file) text += chunk;
  expect(text.trim().split("\n").slice(1)).toEqual(shown);
  await expect(page.getByRole("button", { name: "Copy codes" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: path.join(SCREENS, "account-2fa-codes-1280.png"), fullPage: true });
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("10 recovery codes left")).toBeVisible();

  // A second browser now needs the code after the password.
  const phone = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const other = await phone.newPage();
  await other.setViewportSize({ width: 390, height: 844 });
  await other.goto("/signin");
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill(PASSWORD);
  await other.getByRole("button", { name: "Sign in" }).click();
  // A password check is a 128 MiB scrypt: seconds on a loaded 2-core machine.
  await expect(other.getByLabel("Authentication code")).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousAxeViolations(other);
  await other.screenshot({ path: path.join(SCREENS, "signin-2fa-390.png"), fullPage: true });
  await other.getByLabel("Authentication code").fill("000000");
  await other.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(other.locator("form").getByRole("alert")).toHaveText("Incorrect authentication code.", {
    timeout: 60_000,
  });
  // A code is single-use per 30-second step and enabling 2FA used this step's: wait for the next.
  await other.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  await other.getByLabel("Authentication code").fill(totpCode(secret));
  await other.getByRole("button", { name: "Verify and sign in" }).click();
  await other.waitForURL("**/dashboard", { timeout: 60_000 });
  await other.goto("/dashboard/account");
  await expect(other.getByRole("list", { name: "Active sessions" }).getByRole("listitem")).toHaveCount(2);
  await expectNoSeriousAxeViolations(other);
  await expectNoSidewaysScroll(other);
  await other.screenshot({ path: path.join(SCREENS, "account-390.png"), fullPage: true });

  // Keyboard: the revoke buttons and "Sign out everywhere" are reachable and named.
  await page.reload();
  // Revoking asks first; the test accepts each question and checks it was asked.
  const asked: string[] = [];
  page.on("dialog", (d) => {
    asked.push(d.message());
    void d.accept();
  });
  const revokeOther = page.getByRole("button", { name: /^Revoke session: (?!.*this browser)/ });
  await expect(revokeOther).toHaveCount(1);
  await revokeOther.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "Active sessions" }).getByRole("listitem")).toHaveCount(1);
  expect(asked).toEqual([expect.stringMatching(/^Revoke the session of .+\? It is signed out at once\.$/)]);
  const res = await other.request.get("/api/dashboard/keys");
  expect(res.status()).toBe(401);

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.waitForURL("**/signin**");
  expect(asked[1]).toBe("Sign out everywhere, this browser included?");
  expect((await page.request.get("/api/dashboard/keys")).status()).toBe(401);
  await phone.close();
  await context.close();
});
