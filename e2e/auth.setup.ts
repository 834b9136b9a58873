import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test as setup } from "@playwright/test";
import { AUTH_DIR, OWNER_META, OWNER_STATE, PASSWORD, ROOT, uniqueEmail } from "./dashboard-helpers";

// Step 1 of the dashboard flow: a brand-new user signs up through the form. The session is saved
// for the dashboard project (Dub's setup-project pattern).
setup("a new user signs up and lands on the dashboard", async ({ page }) => {
  const email = uniqueEmail("owner");

  // The dashboard is behind the session: sign-in first, and back to where we were going afterwards.
  await page.goto("/dashboard/keys");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard%2Fkeys$/);
  await expect(page.getByRole("heading", { name: "Sign in to Statline" })).toBeVisible();
  // GitHub sign-in is offered only when GITHUB_ID and GITHUB_SECRET are set (not in tests).
  await expect(page.getByRole("button", { name: /github/i })).toHaveCount(0);

  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByLabel("Name").fill("Olive Owner");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  await page.waitForURL("**/dashboard/keys");
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  for (const link of ["Overview", "API keys", "Usage", "Audit log", "Docs"])
    await expect(nav.getByRole("link", { name: link })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  // The session cookie is httpOnly and SameSite=Lax, so page scripts and cross-site posts never carry it.
  const session = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");

  // Signing up again with the same email answers like a new sign-up: no email enumeration.
  const again = await page.request.post("/api/signup", { data: { email, password: PASSWORD } });
  expect(again.status()).toBe(201);
  expect(await again.json()).toEqual({ data: { email } });

  // A new account's address is unverified: the banner says so and names the operator's command
  // (this server sends no mail). The operator verifies it; the banner is gone, live keys allowed.
  const banner = page.getByRole("region", { name: "Verify your email address" });
  await expect(banner).toContainText(`user verify --email ${email}`);
  const databaseUrl = fs.readFileSync(path.join(ROOT, "data", "test", "e2e-db-url"), "utf8").trim();
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin.ts", "user", "verify", "--email", email],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    },
  );
  expect(out).toContain(`${email}: verified`);
  await page.reload();
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);

  fs.mkdirSync(AUTH_DIR, { recursive: true });
  await page.context().storageState({ path: OWNER_STATE });
  fs.writeFileSync(OWNER_META, JSON.stringify({ email }));
});
