import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createClient } from "../sdk/src/index";
import {
  expectKeyWorks,
  fileMode,
  query,
  runCli,
  signIn,
  startHandoffApp,
  stopClis,
} from "./support/handoff";

// Agent handoff end to end (docs/agent-handoff.md): the real `statline` CLI process, a signed-in
// user approving in Chromium, against `next start`, and the key then working on /v1.
test.describe.configure({ mode: "serial" });

let env: Awaited<ReturnType<typeof startHandoffApp>>;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  env = await startHandoffApp();
});
test.afterEach(stopClis);
test.afterAll(async () => {
  await env?.app.stop();
});

const credentials = (configDir: string) =>
  JSON.parse(fs.readFileSync(path.join(configDir, "credentials.json"), "utf8"));

test("loopback mode: the browser's redirect delivers the code to the CLI's listener", async ({
  page,
  request,
}) => {
  await signIn(page.context(), env.base, env.users.alice.email);
  const cli = runCli(["login", "--mode", "loopback", "--base-url", env.base, "--name", "loopback agent"]);
  const url = await cli.url();
  const printedCode = /code ([A-Z]{4}-[A-Z]{4})/.exec(cli.stderr())![1];

  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Approve agent access" })).toBeVisible();
  await expect(page.getByTestId("user-code")).toHaveText(printedCode);
  await expect(page.getByTestId("client-name")).toHaveText("statline CLI");
  await expect(page.getByTestId("key-name")).toHaveText("loopback agent");
  await expect(page.getByTestId("requester-ip")).toHaveText(/127\.0\.0\.1/);
  await expect(page.getByRole("alert").filter({ hasText: "Approve only" })).toContainText(
    "you just started yourself",
  );
  // How the key travels, where to, and how old the request is; same address, no warning.
  await expect(page.getByTestId("delivery-mode")).toContainText("Loopback redirect");
  await expect(page.getByTestId("redirect-uri")).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
  await expect(page.getByTestId("request-age")).toHaveText(/just now|seconds? ago/);
  await expect(page.getByTestId("ip-mismatch")).toHaveCount(0);
  await expect(page.getByLabel(/Test key/)).toBeChecked();
  await expect(page.getByLabel(/Live key/)).not.toBeChecked();

  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Statline CLI signed in" })).toBeVisible();
  const callback = new URL(page.url());
  expect(callback.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(callback.origin).not.toBe(env.base);
  expect(callback.pathname).toBe("/callback");
  const code = callback.searchParams.get("code")!;
  expect(code).toMatch(/^[0-9A-Za-z]{32}$/);

  expect(await cli.exited).toBe(0);
  const creds = credentials(cli.configDir);
  expect(fileMode(path.join(cli.configDir, "credentials.json"))).toBe(0o600);
  expect(creds.api_key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
  await expectKeyWorks(request, env.base, creds.api_key);
  // The CLI says where the key went and the one variable name every Statline tool reads.
  expect(cli.stderr()).toContain(`saved to ${path.join(cli.configDir, "credentials.json")}`);
  expect(cli.stderr()).toContain("set STATLINE_API_KEY");
  // The SDK finds the saved key, and the server it belongs to, with no other configuration.
  const sdk = createClient({ env: { STATLINE_CONFIG_DIR: cli.configDir } });
  expect(sdk.config).toMatchObject({ baseUrl: env.base, apiKey: creds.api_key });
  expect((await sdk.get("/v1/competitions")).meta.version).toBe("v1");
  // Without --print the key is never shown; the code, state and verifier are never shown at all.
  for (const output of [cli.stdout(), cli.stderr(), env.app.output()]) {
    expect(output).not.toContain(creds.api_key);
    expect(output).not.toContain(code);
    expect(output).not.toContain(callback.searchParams.get("state")!);
  }
  const [key] = query<{ name: string; source: string; accountId: string; revokedAt: unknown }>(
    env.databaseUrl,
    "SELECT name, source, accountId, revokedAt FROM api_keys WHERE prefix = ?",
    creds.api_key.slice(0, 16),
  );
  expect(key).toEqual({
    name: "loopback agent",
    source: "agent",
    accountId: env.users.alice.accountId,
    revokedAt: null,
  });
});

test("paste mode: the code shown on the page is pasted into the CLI; live only by explicit choice", async ({
  page,
  request,
}) => {
  await signIn(page.context(), env.base, env.users.alice.email);
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "statline-project-"));
  fs.writeFileSync(path.join(project, ".env"), "OTHER=1\nSTATLINE_API_KEY=old\n");
  const cli = runCli(
    [
      "login",
      "--mode",
      "paste",
      "--base-url",
      env.base,
      "--environment",
      "live",
      "--name",
      "paste agent",
      "--write-env",
    ],
    { cwd: project },
  );
  await page.goto(await cli.url());
  await expect(page.getByTestId("requested-environment")).toHaveText("live");
  await expect(page.getByText("Choose Live explicitly")).toBeVisible();
  await expect(page.getByLabel(/Test key/)).toBeChecked();
  await page.getByLabel(/Live key/).check();
  await page.getByRole("button", { name: "Approve" }).click();

  const shown = page.locator("#authorization-code");
  await expect(shown).toBeVisible();
  const code = (await shown.textContent())!.trim();
  // Selectable, and nothing a terminal would mangle: letters and digits only.
  expect(code).toMatch(/^[0-9A-Za-z]{32}$/);
  expect(await shown.evaluate((el) => getComputedStyle(el).userSelect)).toBe("all");
  // The address bar left the form's POST URL (a reload asks the approval page, not the form again),
  // and the code has a Copy button.
  await expect(page).toHaveURL(/\/agent\/[^/]+$/);
  await expect(page.getByRole("button", { name: "Copy code" })).toBeVisible();
  cli.proc.stdin!.write(`${code}\n`);

  expect(await cli.exited).toBe(0);
  const dotenv = fs.readFileSync(path.join(project, ".env"), "utf8");
  const key = /^STATLINE_API_KEY=(.*)$/m.exec(dotenv)![1];
  expect(key).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
  expect(dotenv).toContain("OTHER=1\n");
  expect(dotenv.match(/STATLINE_API_KEY=/g)).toHaveLength(1);
  expect(fs.existsSync(path.join(cli.configDir, "credentials.json"))).toBe(false);
  await expectKeyWorks(request, env.base, key);
  expect(cli.stdout() + cli.stderr()).not.toContain(key);
  expect(cli.stdout() + cli.stderr() + env.app.output()).not.toContain(code);
});

test("poll mode: --start --json, approval in the browser, --complete collects the key", async ({
  page,
  request,
}) => {
  await signIn(page.context(), env.base, env.users.alice.email);
  const start = runCli(["login", "--start", "--json", "--base-url", env.base, "--name", "poll agent"]);
  expect(await start.exited).toBe(0);
  const started = JSON.parse(start.stdout());
  expect(Object.keys(started).sort()).toEqual(["expires_at", "next_step", "url", "user_code"]);
  expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
  expect(started.next_step).toContain("statline login --complete");
  const pendingFile = path.join(start.configDir, "pending.json");
  expect(fileMode(pendingFile)).toBe(0o600);
  const { code_verifier: verifier } = JSON.parse(fs.readFileSync(pendingFile, "utf8"));
  expect(start.stdout() + start.stderr()).not.toContain(verifier);

  // --complete waits (polls) while the human approves; same config dir as --start.
  const complete = runCli(["login", "--complete", "--json"], {
    env: { STATLINE_CONFIG_DIR: start.configDir },
  });
  await expect
    .poll(
      () =>
        query(
          env.databaseUrl,
          "SELECT id FROM handoff_sessions WHERE userCode = ? AND lastPolledAt IS NOT NULL",
          started.user_code.replace("-", ""),
        ).length,
    )
    .toBe(1);
  await page.goto(started.url);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Approved" })).toBeVisible();

  expect(await complete.exited).toBe(0);
  const result = JSON.parse(complete.stdout());
  expect(result).toMatchObject({
    status: "ok",
    environment: "test",
    name: "poll agent",
    saved_to: path.join(start.configDir, "credentials.json"),
    env_var: "STATLINE_API_KEY",
  });
  expect(fs.existsSync(pendingFile)).toBe(false);
  const creds = JSON.parse(fs.readFileSync(path.join(start.configDir, "credentials.json"), "utf8"));
  expect(creds.key_prefix).toBe(result.key_prefix);
  await expectKeyWorks(request, env.base, creds.api_key);
  expect(complete.stdout() + complete.stderr() + env.app.output()).not.toContain(verifier);

  const audit = query<{ action: string }>(
    env.databaseUrl,
    "SELECT action FROM audit_events WHERE accountId = ? ORDER BY createdAt, rowid",
    env.users.alice.accountId,
  ).map((a) => a.action);
  expect(audit).toEqual(expect.arrayContaining(["handoff.approved", "key.created", "handoff.exchanged"]));
});

test("deny in loopback mode: the CLI is told access_denied and no key exists", async ({ page }) => {
  await signIn(page.context(), env.base, env.users.alice.email);
  const cli = runCli([
    "login",
    "--mode",
    "loopback",
    "--base-url",
    env.base,
    "--name",
    "denied agent",
    "--json",
  ]);
  await page.goto(await cli.url());
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByRole("heading", { name: "Statline CLI login failed" })).toBeVisible();
  expect(await cli.exited).toBe(1);
  expect(JSON.parse(cli.stdout())).toMatchObject({ status: "error", error: { code: "access_denied" } });
  expect(query(env.databaseUrl, "SELECT id FROM api_keys WHERE name = 'denied agent'")).toHaveLength(0);
  expect(query(env.databaseUrl, "SELECT id FROM audit_events WHERE action = 'handoff.denied'")).toHaveLength(
    1,
  );
});

test("the approval page needs sign-in and cannot be framed", async ({ browser }) => {
  const cli = runCli(["login", "--start", "--json", "--base-url", env.base]);
  expect(await cli.exited).toBe(0);
  const { url } = JSON.parse(cli.stdout());

  const anonymous = await browser.newContext();
  const res = await anonymous.request.get(url, { maxRedirects: 0 });
  expect(res.status()).toBe(307);
  expect(res.headers().location).toBe(`/signin?callbackUrl=${encodeURIComponent(new URL(url).pathname)}`);
  await anonymous.close();

  const context = await browser.newContext();
  await signIn(context, env.base, env.users.alice.email);
  const page = await context.newPage();
  const direct = await context.request.get(url);
  expect(direct.headers()["x-frame-options"]).toBe("DENY");
  expect(direct.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  // A real frame attempt from another page: Chromium must refuse to render the approval page in it.
  await page.setContent(`<iframe id="f" src="${url}" width="800" height="600"></iframe>`);
  await expect.poll(() => page.frames()[1]?.url() ?? "").toMatch(/^chrome-error:/);
  expect(await page.frames()[1].locator("text=Approve agent access").count()).toBe(0);
  // Positive control: the same page in a top-level tab does render.
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Approve agent access" })).toBeVisible();
  await context.close();
});
