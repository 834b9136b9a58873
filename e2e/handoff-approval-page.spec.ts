import http from "node:http";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn, startHandoffApp } from "./support/handoff";

// The approval page tells the approver how the key travels, where, how old the request
// is, that the client's name is unverified, and when the request came from another address.
test.describe.configure({ mode: "serial" });

let env: Awaited<ReturnType<typeof startHandoffApp>>;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  env = await startHandoffApp();
});
test.afterAll(async () => {
  await env?.app.stop();
});

const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

test("unverified client name, paste/poll delivery, a different requester address is flagged", async ({
  page,
}) => {
  // An agent on another address (127.0.0.2) claims an official-sounding name.
  const { user_code: userCode } = await startFrom("127.0.0.2", {
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    client_name: "Statline Official CLI (verified)",
  });
  await signIn(page.context(), env.base, env.users.alice.email);
  await page.goto(`${env.base}/agent/${userCode}`);
  await expect(page.getByText("Client (unverified)")).toBeVisible();
  await expect(page.getByTestId("client-name")).toHaveText("Statline Official CLI (verified)");
  await expect(page.getByText("not checked by Statline")).toBeVisible();
  await expect(page.getByTestId("delivery-mode")).toContainText("Paste or poll");
  await expect(page.getByTestId("redirect-uri")).toHaveCount(0);
  await expect(page.getByTestId("request-age")).toHaveText(/just now|seconds? ago/);
  await expect(page.getByTestId("ip-mismatch")).toContainText("127.0.0.2");
  await expect(page.getByTestId("ip-mismatch")).toContainText("deny it");
});

test("loopback request with a mismatch: readable at every size, no serious axe violation", async ({
  page,
}) => {
  const { user_code: userCode } = await startFrom("127.0.0.2", {
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    client_name: "a".repeat(64),
    redirect_uri: "http://127.0.0.1:49152/callback",
    state: "s".repeat(32),
  });
  await signIn(page.context(), env.base, env.users.alice.email);
  for (const [width, height] of [
    [1280, 800],
    [1440, 900],
    [768, 1024],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`${env.base}/agent/${userCode}`);
    await expect(page.getByTestId("redirect-uri")).toHaveText("http://127.0.0.1:49152/callback");
    await expect(page.getByTestId("delivery-mode")).toContainText("Loopback redirect");
    await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({
      path: path.join("test-results", "screens", `approval-${width}x${height}.png`),
      fullPage: true,
    });
  }
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => v.id)).toEqual([]);
});

/** POST /api/agent/sessions from a chosen loopback address (fetch cannot pick its source address). */
function startFrom(localAddress: string, body: object): Promise<{ user_code: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${env.base}/api/agent/sessions`,
      {
        method: "POST",
        localAddress,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () =>
          res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
