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

// Workspaces (docs/workspaces.md) on a server of their own: invitations go to a real SMTP server in
// the test and each invitee signs up through the link from the message.
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

async function invite(page: Page, email: string, role: "developer" | "viewer") {
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a member" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption(role);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  const ready = page.getByRole("dialog", { name: "Invitation ready" });
  await expect(ready.getByRole("status")).toContainText(`Invitation sent to ${email} as ${role}`);
  await ready.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** Follows the emailed link in a fresh browser and signs up through it; lands in the workspace. */
async function signUpThroughInvitation(
  browser: Browser,
  email: string,
  viewport: { width: number; height: number },
) {
  const message = await waitFor(() => mail.messages.find((m) => m.to.includes(email)));
  const link = /https?:\/\/\S+\/invite\?token=[\w-]+/.exec(decodedBody(message.raw))![0];
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Join");
  await expectUsable(page);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account and join" }).click();
  await page.waitForURL(/\/dashboard\?w=/);
  return { context, page, link };
}

/** A dashboard page of the workspace the URL names, through the nav (which keeps ?w=). */
async function openSection(page: Page, name: string, width: number) {
  if (width < 1024) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name }).click();
  // A dynamic page rendered by a server of its own: seconds on a loaded machine.
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).searchParams.get("w")).toBeTruthy();
}

for (const viewport of VIEWPORTS) {
  test(`invite a developer and a viewer, remove the developer, at ${viewport.width}x${viewport.height}`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const ownerEmail = uniqueEmail(`owner-of-a-workspace-with-a-long-name-${viewport.width}`);
    createUser(databaseUrl, ownerEmail, PASSWORD);
    const ownerContext = await browser.newContext({ baseURL: app.baseUrl, viewport });
    const owner = await ownerContext.newPage();
    await signInThroughForm(owner, ownerEmail);
    await owner.goto("/dashboard/members");
    await expect(owner.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();

    const devEmail = uniqueEmail("developer");
    const viewerEmail = uniqueEmail("viewer");
    await invite(owner, devEmail, "developer");
    await invite(owner, viewerEmail, "viewer");
    await expect(owner.getByRole("list", { name: "Pending invitations" }).getByRole("listitem")).toHaveCount(
      2,
    );
    await expectUsable(owner);
    await owner.screenshot({
      path: path.join(SCREENS, `members-owner-${viewport.width}.png`),
      fullPage: true,
    });

    // The developer signs up through the link and creates a key in the workspace.
    const dev = await signUpThroughInvitation(browser, devEmail, viewport);
    await openSection(dev.page, "API keys", viewport.width);
    const { key } = await createKeyThroughUi(dev.page, "Dev key");
    await confirmCopied(dev.page);
    expect((await callTeams(dev.page.request, key)).status).toBe(200);

    // The viewer signs up too, and is offered no key action.
    const viewer = await signUpThroughInvitation(browser, viewerEmail, viewport);
    await openSection(viewer.page, "API keys", viewport.width);
    await expect(
      viewer.page.getByText("As a viewer you see the keys but cannot create or change them."),
    ).toBeVisible();
    await expect(viewer.page.getByRole("button", { name: /create (your first )?key/i })).toHaveCount(0);
    await expectUsable(viewer.page);
    await viewer.page.screenshot({
      path: path.join(SCREENS, `keys-viewer-${viewport.width}.png`),
      fullPage: true,
    });
    // The workspace menu lists the viewer's own workspace and the one joined, keyboard-reachable.
    if (viewport.width < 1024) await viewer.page.getByRole("button", { name: "Open menu" }).click();
    const switcher = viewer.page.getByRole("button", { name: /^Workspace:/ });
    await switcher.focus();
    await viewer.page.keyboard.press("Enter");
    await expect(viewer.page.getByRole("list", { name: "Switch workspace" }).getByRole("link")).toHaveCount(
      2,
    );
    await expectUsable(viewer.page);
    await viewer.page.screenshot({ path: path.join(SCREENS, `switcher-${viewport.width}.png`) });
    await viewer.page.keyboard.press("Escape");
    // The same link again is refused, saying why.
    await viewer.page.goto(viewer.link);
    await expect(viewer.page.getByRole("alert").filter({ hasText: "already used" })).toBeVisible();

    // The owner sees both members and removes the developer, keeping the key.
    await owner.reload();
    const members = owner.getByRole("list", { name: "Members" });
    await expect(members.getByRole("listitem")).toHaveCount(3);
    await expectUsable(owner);
    await owner.getByRole("button", { name: `Remove ${devEmail}` }).click();
    const removal = owner.getByRole("dialog", { name: "Remove member" });
    await expectUsable(owner);
    await owner.screenshot({ path: path.join(SCREENS, `members-remove-${viewport.width}.png`) });
    await removal.getByRole("button", { name: "Remove member" }).click();
    const removedAt = Date.now();
    await expect(members.getByRole("listitem")).toHaveCount(2);
    // The removed row's button is gone: focus went to the page heading, not <body>.
    await expect(owner.getByRole("heading", { name: "Members", level: 1 })).toBeFocused();

    // The developer's session ends within 5 s; their key keeps working.
    await expect
      .poll(async () => (await dev.page.request.get("/api/dashboard/keys")).status(), {
        timeout: 5_000,
        intervals: [250],
      })
      .toBe(401);
    expect(Date.now() - removedAt).toBeLessThan(5_000);
    await dev.page.reload();
    await expect(dev.page).toHaveURL(/\/signin/);
    expect((await callTeams(owner.request, key)).status).toBe(200);

    for (const c of [ownerContext, dev.context, viewer.context]) await c.close();
  });
}
