import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { copyTemplateDb, freePort, startApp, type RunningApp } from "../tests/support/app";
import { decodedBody, mailbox, waitFor } from "../tests/support/mailbox";
import { ensureTemplateDb } from "../tests/support/template";
import { createUser } from "../tests/support/users";
import {
  callTeams,
  confirmCopied,
  createKeyThroughUi,
  PASSWORD,
  SCREENS,
  signInThroughForm,
  uniqueEmail,
} from "./dashboard-helpers";

// A workspace's whole life (docs/workspaces.md) on a server of its own with a real SMTP server:
// create a team workspace, make calls with its key and read them on the key's page, hand it over,
// leave it, and delete it (its key then answers 401).
test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

let app: RunningApp;
let databaseUrl: string;
const mail = mailbox();

test.beforeAll(async () => {
  test.setTimeout(240_000);
  databaseUrl = copyTemplateDb(ensureTemplateDb());
  app = await startApp({
    databaseUrl,
    port: await freePort(),
    env: { SMTP_URL: `smtp://127.0.0.1:${await mail.listening}` },
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

/** The mail to `to` containing `text`; long subjects are folded onto two header lines (RFC 5322). */
const mailTo = (to: string, text: string) =>
  waitFor(() =>
    mail.messages.find(
      (m) =>
        m.to.includes(to) &&
        decodedBody(m.raw)
          .replace(/\r?\n(?=[ \t])/g, "")
          .includes(text),
    ),
  );

/** A dashboard page of the workspace the URL names, through the nav (which keeps ?w=). */
async function openSection(page: Page, name: string, width: number) {
  if (width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}

const inviteLinks = (email: string, count: number) =>
  waitFor(() => {
    const got = mail.messages.filter(
      (m) => m.to.includes(email) && decodedBody(m.raw).includes("invited you"),
    );
    return got.length >= count
      ? got.map((m) => /https?:\/\/\S+\/invite\?token=[\w-]+/.exec(decodedBody(m.raw))![0])
      : undefined;
  });

async function signUpThroughInvitation(
  browser: Browser,
  link: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account and join" }).click();
  await page.waitForURL(/\/dashboard\?w=/);
  return { context, page };
}

for (const viewport of VIEWPORTS) {
  test(`create, use, transfer, leave and delete a workspace at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const ownerEmail = uniqueEmail(`founder-${viewport.width}`);
    createUser(databaseUrl, ownerEmail, PASSWORD);
    const ownerContext = await browser.newContext({ baseURL: app.baseUrl, viewport });
    const owner = await ownerContext.newPage();
    await signInThroughForm(owner, ownerEmail);

    // The own workspace cannot be deleted and says so; a new one is a click away.
    await owner.goto("/dashboard/members");
    const workspaceCard = owner
      .locator("section")
      .filter({ has: owner.getByRole("heading", { name: "Workspace" }) });
    await expect(workspaceCard.getByText(/created with .* account; it cannot be deleted/)).toBeVisible();
    await expect(workspaceCard.getByRole("button", { name: "Delete workspace" })).toHaveCount(0);
    const name = `Acme Analytics and Forecasting Department ${viewport.width}`;
    await workspaceCard.getByRole("button", { name: "New workspace" }).focus();
    await owner.keyboard.press("Enter");
    const create = owner.getByRole("dialog", { name: "New workspace" });
    await create.getByLabel("Name").fill(name);
    await create.getByRole("button", { name: "Create workspace" }).click();
    await owner.waitForURL(/\/dashboard\/members\?w=/);
    const workspaceId = new URL(owner.url()).searchParams.get("w")!;
    await expect(owner.getByLabel("Name", { exact: true })).toHaveValue(name);

    // A key of the new workspace, two calls with it, and its own page listing them.
    await openSection(owner, "API keys", viewport.width);
    const keyName = `Production ingest worker for the forecasting pipeline ${viewport.width}`;
    const { key } = await createKeyThroughUi(owner, keyName);
    await confirmCopied(owner);
    expect((await callTeams(owner.request, key)).status).toBe(200);
    expect((await owner.request.get("/v1/no-such-thing", { headers: { "X-API-Key": key } })).status()).toBe(
      404,
    );
    await owner.getByRole("link", { name: keyName }).click();
    await expect(owner.getByRole("heading", { name: keyName, level: 1 })).toBeVisible();
    expect(new URL(owner.url()).searchParams.get("w")).toBe(workspaceId);
    const requests = owner
      .locator("section")
      .filter({ has: owner.getByRole("heading", { name: "Last requests" }) });
    await expect(async () => {
      await owner.reload();
      await expect(requests.getByRole("row").filter({ hasText: "/v1/" })).toHaveCount(2, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(requests.getByRole("row").filter({ hasText: "/v1/teams" })).toHaveCount(1);
    await expect(requests.getByRole("row").filter({ hasText: "/v1/no-such-thing" })).toHaveCount(1);
    await expect(owner.getByRole("button", { name: "Revoke" })).toBeVisible();
    await expectUsable(owner);
    await owner.screenshot({ path: path.join(SCREENS, `key-page-${viewport.width}.png`), fullPage: true });
    // Many requests: the newest 20 are listed, the page still fits the width.
    for (let i = 0; i < 22; i++)
      await owner.request.get(`/v1/competitions?page_size=${i + 1}`, { headers: { "X-API-Key": key } });
    await expect(async () => {
      await owner.reload();
      await expect(requests.getByRole("row").filter({ hasText: "/v1/competitions" })).toHaveCount(20, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await expectUsable(owner);
    await owner.screenshot({
      path: path.join(SCREENS, `key-page-many-${viewport.width}.png`),
      fullPage: true,
    });
    // Details opens the request's log entry.
    await requests
      .getByRole("button", { name: /^Details/ })
      .first()
      .click();
    await expect(owner.getByRole("dialog")).toBeVisible();
    await owner.keyboard.press("Escape");
    await expect(owner.getByRole("dialog")).toHaveCount(0);
    // An id of no key of this workspace is the 404 page.
    await owner.goto(`/dashboard/keys/no-such-key?w=${workspaceId}`);
    await expect(owner.getByRole("heading", { name: "Page not found" })).toBeVisible();

    // Invite a member, who joins; hand the workspace over to them.
    await owner.goto(`/dashboard/members?w=${workspaceId}`);
    const heirEmail = uniqueEmail(`heir-${viewport.width}`);
    await owner.getByRole("button", { name: "Invite member" }).click();
    const inviteDialog = owner.getByRole("dialog", { name: "Invite a member" });
    await inviteDialog.getByLabel("Email").fill(heirEmail);
    await inviteDialog.getByLabel("Role").selectOption("developer");
    await inviteDialog.getByRole("button", { name: "Send invitation" }).click();
    await owner
      .getByRole("dialog", { name: "Invitation ready" })
      .getByRole("button", { name: "Done" })
      .click();
    // Sent again: a new link; the first one is refused from then on.
    await owner.getByRole("button", { name: `Resend the invitation of ${heirEmail}` }).click();
    await expect(owner.getByText(`Sent again to ${heirEmail}`)).toBeVisible();
    const [firstLink, newLink] = await inviteLinks(heirEmail, 2);
    expect(newLink).not.toBe(firstLink);
    const heir = await signUpThroughInvitation(browser, newLink, viewport);
    await heir.page.goto(firstLink);
    await expect(heir.page.getByRole("alert").filter({ hasText: "sent a newer one" })).toBeVisible();
    await owner.reload();
    await expect(owner.getByRole("list", { name: "Members" }).getByRole("listitem")).toHaveCount(2);
    await expectUsable(owner);
    await owner.screenshot({
      path: path.join(SCREENS, `workspace-card-${viewport.width}.png`),
      fullPage: true,
    });
    await owner.getByRole("button", { name: "Transfer ownership" }).click();
    const transfer = owner.getByRole("dialog", { name: "Transfer ownership" });
    await transfer.getByLabel("New owner").selectOption({ label: `${heirEmail} (developer)` });
    await transfer.getByLabel(/Your password/).fill("not the password");
    await transfer.getByRole("button", { name: "Transfer ownership" }).click();
    // The password is checked with scrypt: seconds on a loaded machine.
    await expect(transfer.getByRole("alert")).toContainText("That password is not correct", {
      timeout: 30_000,
    });
    await transfer.getByLabel(/Your password/).fill(PASSWORD);
    await expectUsable(owner);
    await transfer.getByRole("button", { name: "Transfer ownership" }).click();
    await expect(owner.getByRole("dialog")).toHaveCount(0, { timeout: 30_000 });
    await expect(owner.getByText("Your role: admin")).toBeVisible();
    await mailTo(heirEmail, `You are now the owner of ${name}`);
    await mailTo(ownerEmail, `You transferred ${name} to ${heirEmail}`);

    // The former owner leaves: back to their own workspace, with a mail.
    await owner.getByRole("button", { name: "Leave workspace" }).click();
    await owner
      .getByRole("dialog", { name: "Leave workspace" })
      .getByRole("button", { name: "Leave workspace" })
      .click();
    await owner.waitForURL(/\/dashboard$/);
    await mailTo(ownerEmail, `You left the workspace "${name}"`);
    expect((await owner.request.get(`/dashboard/members?w=${workspaceId}`)).status()).toBe(404);

    // The new owner deletes it: consequences listed, typed name, password; the key answers 401.
    const heirPage = heir.page;
    await heirPage.goto(`/dashboard/members?w=${workspaceId}`);
    await heirPage.getByRole("button", { name: "Delete workspace" }).click();
    const del = heirPage.getByRole("dialog", { name: "Delete workspace" });
    await expect(del.getByText("Every API key is revoked")).toBeVisible();
    const confirm = del.getByRole("button", { name: "Delete workspace" });
    await del.getByLabel(`Type ${name} to confirm`).fill(name.toLowerCase());
    await expect(confirm).toBeDisabled();
    await del.getByLabel(`Type ${name} to confirm`).fill(name);
    await del.getByLabel(/Your password/).fill(PASSWORD);
    await expectUsable(heirPage);
    await heirPage.screenshot({ path: path.join(SCREENS, `workspace-delete-${viewport.width}.png`) });
    await confirm.click();
    await heirPage.waitForURL(/\/dashboard$/);
    await mailTo(heirEmail, `${name} was deleted on Statline`);
    const after = await callTeams(heirPage.request, key);
    expect(after).toMatchObject({ status: 401, body: { error: { code: "UNAUTHORIZED" } } });
    await heirPage.goto(`/dashboard/members?w=${workspaceId}`);
    await expect(heirPage.getByRole("heading", { name: "Page not found" })).toBeVisible();

    for (const c of [ownerContext, heir.context]) await c.close();
  });
}
