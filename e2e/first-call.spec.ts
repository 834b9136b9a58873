import { execFileSync } from "node:child_process";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, SCREENS, uniqueEmail } from "./dashboard-helpers";

// From the home page a new user signs up and makes a 200 call using only
// what the pages show. Copied text is read from what the Copy buttons wrote (the page's clipboard
// calls are observed, and the clipboard itself is read back); keys are never typed.

/** Records every clipboard write, so the test runs exactly what a person would paste. */
async function observeClipboard(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __copied: string[] };
    w.__copied = [];
    const original = navigator.clipboard?.writeText.bind(navigator.clipboard);
    if (!original) return;
    navigator.clipboard.writeText = async (text: string) => {
      w.__copied.push(text);
      return original(text);
    };
  });
}
const lastCopied = (page: Page) =>
  page.evaluate(() => (window as unknown as { __copied: string[] }).__copied.at(-1) ?? "");

/** Runs pasted text in a clean shell, as a terminal would (no key in the environment). */
function shell(script: string): string {
  const env: NodeJS.ProcessEnv = { NODE_ENV: "test", PATH: process.env.PATH ?? "/usr/bin:/bin" };
  return execFileSync("bash", ["-c", script], {
    env,
    encoding: "utf8",
    timeout: 20_000,
    stdio: ["ignore", "pipe", "ignore"],
  });
}

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
}

for (const [label, viewport] of [
  ["1280x800", { width: 1280, height: 800 }],
  ["390x844", { width: 390, height: 844 }],
] as const) {
  test.describe(`first call at ${label}`, () => {
    test.use({ viewport, storageState: { cookies: [], origins: [] } });

    test("home page -> sign up -> quick start key -> a 200 from a pasted command", async ({
      page,
      context,
      baseURL,
    }) => {
      // The shared 2-core machine took 50-60 s for this flow under load.
      test.setTimeout(240_000);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
      await observeClipboard(page);

      // The home page: Sign up, and a curl with this instance's own address and a Copy button.
      await page.goto("/");
      await expectAxeClean(page);
      const homeCurl = page.getByTestId("home-curl");
      await expect(homeCurl).toHaveText(`curl -H "X-API-Key: $STATLINE_API_KEY" ${baseURL}/v1/competitions`);
      await page.getByRole("button", { name: "Copy" }).click();
      expect(await lastCopied(page)).toBe(await homeCurl.textContent());
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await lastCopied(page));
      // Pasted before there is a key: the spec's 401 body, and a Link to where keys are made.
      expect(JSON.parse(shell(await lastCopied(page)))).toEqual({
        error: { code: "UNAUTHORIZED", message: "API key required" },
      });
      const denied = await page.request.get("/v1/competitions");
      expect(denied.status()).toBe(401);
      expect(denied.headers()["link"]).toBe('</dashboard/keys>; rel="help"; title="Create an API key"');
      await page.screenshot({ path: path.join(SCREENS, `first-call-home-${label}.png`) });

      await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Sign up" }).click();
      await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
      await page.getByLabel("Name").fill("First Caller");
      await page.getByLabel("Email").fill(uniqueEmail("first"));
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();

      // Overview: nothing to copy until step 1 has made the key, then one block with both lines.
      await page.waitForURL("**/dashboard");
      await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
      await expect(page.getByTestId("quickstart-command")).toHaveCount(0);
      await page.getByRole("button", { name: "Create a test key" }).click();
      const block = page.getByTestId("quickstart-command");
      await expect(block).toHaveText(
        new RegExp(
          `^export STATLINE_API_KEY=sk_test_[0-9A-Za-z]{32}\\ncurl -H "X-API-Key: \\$STATLINE_API_KEY" ${baseURL}/v1/teams$`,
        ),
      );
      await expectAxeClean(page);
      await page.screenshot({ path: path.join(SCREENS, `first-call-overview-${label}.png`) });
      const copy = page.getByRole("button", { name: "Copy both lines" });
      await expect(copy).toBeInViewport();
      await copy.click();
      const pasted = await lastCopied(page);
      expect(pasted).toBe(await block.textContent());

      // A success body ({"data":{"items":…},"meta":…}) is only ever sent with 200.
      const answer = JSON.parse(shell(pasted)) as { data?: { items?: unknown[] }; error?: unknown };
      expect(answer.error).toBeUndefined();
      expect(Array.isArray(answer.data?.items)).toBe(true);
      // The overview then shows that call as a 200 (the request log flushes about every second).
      await expect(page.getByTestId("last-request")).toContainText("200", { timeout: 20_000 });
    });
  });
}
