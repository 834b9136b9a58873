import http from "node:http";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";
import { copyTemplateDb, freePort, startApp, type RunningApp } from "../tests/support/app";
import { createKey } from "../tests/support/cli";
import { ensureTemplateDb } from "../tests/support/template";
import { createUser } from "../tests/support/users";
import { MemoryOAuthProvider, rawMcp } from "../tests/mcp/oauth-support";
import { PASSWORD, signIn } from "./support/handoff";

// Remote MCP end to end: the MCP SDK's client and OAuth provider find /mcp's authorization server by
// URL alone and open the consent page, which a signed-in user approves in Chromium; the browser then
// delivers the code to the client's loopback listener. Revoking under Connected apps ends it.
test.describe.configure({ mode: "serial" });

let app: RunningApp;
let key: string;
const email = "mcp-e2e@example.com";
let callback: http.Server;
let redirect: string;
let received: Promise<URL>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const databaseUrl = copyTemplateDb(ensureTemplateDb());
  createUser(databaseUrl, email, PASSWORD);
  key = createKey(databaseUrl, "compare-e2e@example.com");
  app = await startApp({ databaseUrl });
  const port = await freePort();
  redirect = `http://127.0.0.1:${port}/callback`;
  received = new Promise((resolve) => {
    callback = http.createServer((req, res) => {
      res
        .writeHead(200, { "Content-Type": "text/html" })
        .end("<!doctype html><title>done</title><h1>Signed in</h1>");
      resolve(new URL(req.url ?? "/", redirect));
    });
  });
  await new Promise<void>((r) => callback.listen(port, "127.0.0.1", r));
});
test.afterAll(async () => {
  callback?.close();
  await app?.stop();
});

test("the SDK client connects by URL; the user approves in the browser; tools equal /v1; Revoke ends it", async ({
  page,
}) => {
  const provider = new MemoryOAuthProvider("Example Agent ".repeat(6).trim(), redirect);
  const mcp = new URL(`${app.baseUrl}/mcp`);
  const first = new Client({ name: "e2e", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(mcp, { authProvider: provider });
  await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);

  await signIn(page.context(), app.baseUrl, email);
  for (const [width, height] of [
    [390, 844],
    [768, 1024],
    [1440, 900],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(provider.authUrl!.toString());
    await expect(page.getByRole("heading", { name: "Connect an app to Statline" })).toBeVisible();
    await expect(page.getByTestId("client-name")).toHaveText(provider.name);
    await expect(page.getByText("App (unverified)")).toBeVisible();
    await expect(page.getByTestId("redirect-host")).toContainText(new URL(redirect).host);
    await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({
      path: path.join("test-results", "screens", `consent-${width}x${height}.png`),
      fullPage: true,
    });
  }
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => v.id)).toEqual([]);

  await page.getByRole("button", { name: "Approve" }).click();
  const back = await received;
  await expect(page.getByRole("heading", { name: "Signed in" })).toBeVisible();
  expect(back.searchParams.get("iss")).toBe(app.baseUrl);
  await transport.finishAuth(back.searchParams.get("code")!);

  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcp, { authProvider: provider }));
  expect((await client.listTools()).tools.length).toBeGreaterThan(10);
  const r = await client.callTool({ name: "list_competitions", arguments: {} });
  const direct = await (
    await fetch(`${app.baseUrl}/v1/competitions`, { headers: { "X-API-Key": key } })
  ).json();
  expect((r.structuredContent as { data: unknown }).data).toEqual(direct.data);

  await page.goto(`${app.baseUrl}/dashboard/account`);
  const row = page.getByTestId("connected-app").filter({ hasText: provider.name });
  await expect(row).toBeVisible();
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await row.screenshot({
      path: path.join("test-results", "screens", `connected-app-${width}x${height}.png`),
    });
  }
  await row.getByRole("button", { name: /Revoke connected app/ }).click();
  const ask = page.getByRole("dialog", { name: "Disconnect app?" });
  await expect(ask).toContainText(provider.name);
  await ask.getByRole("button", { name: "Disconnect" }).click();
  await expect(row).toHaveCount(0);
  await expect(ask).toBeHidden();
  // The row and its button are gone: focus lands on the page heading, not <body>.
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeFocused();
  expect((await rawMcp(app.baseUrl, provider.saved!.access_token)).status).toBe(401);
  await client.close().catch(() => {});
});
