import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startReceiver, verifiesWith, type Receiver } from "../tests/support/webhook-receiver";
import { newUserPage, ROOT } from "./dashboard-helpers";

// The webhooks page at a laptop and a phone size, delivering to a real local receiver
// that verifies each request with the standardwebhooks package.
const SHOTS = path.join(ROOT, "test-results");

async function expectNoSeriousAxe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** No sideways page scroll, and every button of the main area inside the viewport. */
async function expectFits(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  for (const button of await page.locator("main").getByRole("button").all()) {
    if (!(await button.isVisible())) continue;
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
  }
}

let receiver: Receiver;
let secret: string | string[] | null = null;
test.beforeAll(async () => {
  receiver = await startReceiver(() => secret);
});
test.afterAll(() => receiver?.stop());

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`webhooks page at ${size.width}x${size.height}: add, secret once, test event, resend, disable`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const { page } = await newUserPage(browser, baseURL, `hooks${size.width}`);
    await page.setViewportSize(size);
    await page.goto("/dashboard/webhooks");
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousAxe(page, "empty webhooks page");

    // Add an endpoint (keyboard: the dialog's URL field has focus).
    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const form = page.getByRole("dialog", { name: "Add webhook endpoint" });
    await expect(form.getByLabel("Endpoint URL")).toBeFocused();
    const url = receiver.url(`/w${size.width}`);
    await page.keyboard.type(url);
    await form.getByLabel("contest.score").check();
    await form.getByLabel("odds.points").check();
    await expectNoSeriousAxe(page, "add dialog");
    await form.getByRole("button", { name: "Add endpoint" }).click();

    // The secret, once.
    const reveal = page.getByRole("dialog", { name: "Save your signing secret" });
    await expect(reveal).toBeVisible();
    const firstSecret = await reveal.getByLabel(/Signing secret/).inputValue();
    expect(firstSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    secret = firstSecret;
    await expectNoSeriousAxe(page, "secret dialog");
    await page.screenshot({ path: path.join(SHOTS, `webhooks-secret-${size.width}.png`) });
    await reveal.getByRole("button", { name: "Done" }).click();
    await page
      .getByRole("dialog", { name: "Have you copied the signing secret?" })
      .getByRole("button", { name: "I have copied it" })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(url)).toBeVisible();
    expect(await page.content()).not.toContain(firstSecret);

    // Send a test event: it reaches the receiver, signed, and shows in the delivery log.
    // The receiver is shared by both sizes: look only at what arrives after this click.
    const start = receiver.received.length;
    const tests = () => receiver.received.slice(start).filter((r) => r.payload.type === "webhook.test");
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => tests().length).toBe(1);
    const got = tests()[0];
    await page.getByRole("button", { name: "Show deliveries" }).click();
    const log = page.getByRole("list", { name: "Deliveries" });
    const row = log.getByRole("listitem").filter({ hasText: got.id });
    await expect(row).toContainText("Delivered");
    await expect(row.locator("[data-status-code]")).toHaveText("200");
    await expect(row).toContainText(" ms");

    // Resend: the same webhook-id arrives again.
    const before = receiver.received.filter((r) => r.id === got.id).length;
    await row.getByRole("button", { name: /^Resend/ }).click();
    await expect.poll(() => receiver.received.filter((r) => r.id === got.id).length).toBe(before + 1);
    await expect(row).toContainText("2 attempts");
    await expectFits(page);
    await expectNoSeriousAxe(page, "delivery log");
    await page.screenshot({ path: path.join(SHOTS, `webhooks-log-${size.width}.png`), fullPage: true });

    // The delivery viewer: the signed payload and the attempt's status, response headers and body.
    await row.getByRole("button", { name: /^View/ }).click();
    const viewer = page.getByRole("dialog", { name: "Delivery details" });
    await expect(viewer.getByTestId("delivery-payload")).toContainText('"type": "webhook.test"');
    await expect(viewer.getByTestId("delivery-payload")).toContainText(got.payload.timestamp);
    const attempt = viewer.locator("[data-attempt]").first();
    await expect(attempt.locator("[data-attempt-status]")).toHaveText("200");
    await expect(attempt.getByRole("term").filter({ hasText: "content-type" })).toBeVisible();
    await expect(attempt).toContainText("text/plain");
    await expect(attempt.getByTestId("attempt-body")).toHaveText("ok");
    await expectNoSeriousAxe(page, "delivery viewer");
    await page.screenshot({ path: path.join(SHOTS, `webhooks-delivery-${size.width}.png`) });
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);

    // Edit: a new URL (checked by the server again) and a 100-character description.
    const description = `Staging receiver for the scoreboard team at ${size.width} px, `.padEnd(100, "x");
    const movedUrl = receiver.url(`/w${size.width}-moved`);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const edit = page.getByRole("dialog", { name: "Edit webhook endpoint" });
    await expect(edit.getByLabel("Endpoint URL")).toHaveValue(url);
    await edit.getByLabel("Endpoint URL").fill(movedUrl);
    await edit.getByLabel(/^Description/).fill(description);
    await expectNoSeriousAxe(page, "edit dialog");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.locator("[data-description]")).toHaveText(description);
    await expect(page.getByText(movedUrl)).toBeVisible();

    // Roll the secret with the default 24 h overlap: deliveries carry both signatures, and each
    // secret alone verifies with the standardwebhooks package.
    await page.getByRole("button", { name: "Roll secret" }).click();
    const rollDialog = page.getByRole("dialog", { name: "Roll signing secret" });
    await expect(rollDialog.getByLabel("24 hours")).toBeChecked();
    await expectNoSeriousAxe(page, "roll secret dialog");
    await rollDialog.getByRole("button", { name: "Roll secret" }).click();
    const rolled = page.getByRole("dialog", { name: "Save your signing secret" });
    const newSecret = await rolled.getByLabel(/Signing secret/).inputValue();
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(newSecret).not.toBe(firstSecret);
    secret = [newSecret, firstSecret];
    await rolled.getByRole("button", { name: "Done" }).click();
    await page
      .getByRole("dialog", { name: "Have you copied the signing secret?" })
      .getByRole("button", { name: "I have copied it" })
      .click();
    await expect(page.locator("[data-overlap]")).toContainText("until");
    const afterRoll = receiver.received.length;
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect
      .poll(() => receiver.received.slice(afterRoll).filter((r) => r.payload.type === "webhook.test").length)
      .toBe(1);
    const overlapped = receiver.received.slice(afterRoll).find((r) => r.payload.type === "webhook.test")!;
    expect(overlapped.signature.split(" ")).toHaveLength(2);
    expect(verifiesWith(newSecret, overlapped)).toBe(true);
    expect(verifiesWith(firstSecret, overlapped)).toBe(true);
    await expectFits(page);
    await expectNoSeriousAxe(page, "rolled endpoint");
    await page.screenshot({ path: path.join(SHOTS, `webhooks-rolled-${size.width}.png`), fullPage: true });

    // Disable: shown with its reason; the test button is off; enable brings it back.
    await page.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByText("Disabled", { exact: true })).toBeVisible();
    await expect(page.locator("[data-disabled-reason]")).toHaveText("Disabled by a user");
    await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();
    await expectFits(page);
    await expectNoSeriousAxe(page, "disabled endpoint");
    await page.screenshot({ path: path.join(SHOTS, `webhooks-disabled-${size.width}.png`), fullPage: true });
    await page.getByRole("button", { name: "Enable" }).click();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();

    // Delete asks first.
    await page.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: "Delete webhook endpoint?" })
      .getByRole("button", { name: "Delete endpoint" })
      .click();
    await expect(page.getByText("No webhook endpoints yet")).toBeVisible();
    expect(receiver.invalid()).toBe(0);
  });
}
