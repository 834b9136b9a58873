import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, expect, test } from "vitest";
import { call, expectOk } from "./support/api";
import { copyTemplateDb, ROOT, startApp, type RunningApp } from "./support/app";
import { createUnlimitedKey } from "./support/cli";
import { ensureTemplateDb } from "./support/template";

// The `statline` CLI takes its server from --base-url, else STATLINE_BASE_URL, else STATLINE_URL
// (the name the SDK also accepts): each command, run as a child process against a real server.
const BIN = path.join(ROOT, "bin/statline.mjs");
let app: RunningApp;
let key: string;
const open: Client[] = [];

beforeAll(async () => {
  const url = copyTemplateDb(ensureTemplateDb());
  key = createUnlimitedKey(url, "cli-url@example.com");
  app = await startApp({ databaseUrl: url });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close().catch(() => {})));
  await app?.stop();
});

/** An environment with no Statline variables but the ones given, and an empty config folder. */
function envWith(vars: Record<string, string>): Record<string, string> & { NODE_ENV: "test" } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-cli-url-"));
  return { PATH: process.env.PATH!, HOME: dir, STATLINE_CONFIG_DIR: dir, ...vars, NODE_ENV: "test" };
}

async function mcp(vars: Record<string, string>) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp"],
    env: envWith(vars),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d) => (stderr += d));
  const client = new Client({ name: "cli-url-test", version: "1.0.0" });
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr };
}

test("statline mcp with only STATLINE_URL serves that server's data", async () => {
  const { client, stderr } = await mcp({ STATLINE_URL: app.baseUrl, STATLINE_API_KEY: key });
  expect(stderr()).toContain(`statline mcp: ${app.baseUrl}, key ${key.slice(0, 16)}… from STATLINE_API_KEY`);
  const result = await client.callTool({ name: "list_competitions", arguments: {} });
  expect(result.isError).toBeFalsy();
  expect((result.structuredContent as { data: unknown }).data).toEqual(
    expectOk(await call(app.baseUrl, "/v1/competitions", { key }), "/v1/competitions"),
  );
});

test("STATLINE_BASE_URL wins over STATLINE_URL when both are set", async () => {
  const { client, stderr } = await mcp({
    STATLINE_URL: app.baseUrl,
    STATLINE_BASE_URL: "http://127.0.0.1:9",
    STATLINE_API_KEY: key,
  });
  expect(stderr()).toContain("statline mcp: http://127.0.0.1:9, key");
  const result = await client.callTool({ name: "list_competitions", arguments: {} });
  expect(result.isError).toBe(true);
  expect(JSON.stringify(result.content)).toContain("NETWORK_ERROR");
});

test("statline login --start with only STATLINE_URL opens the approval on that server", () => {
  const run = spawnSync(process.execPath, [BIN, "login", "--start", "--json"], {
    env: envWith({ STATLINE_URL: app.baseUrl }),
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  const out = JSON.parse(run.stdout) as { url: string; user_code: string };
  expect(new URL(out.url).origin).toBe(app.baseUrl);
  expect(out.user_code).toMatch(/\S/);
});

test("statline ingest reads STATLINE_URL too, and names the problem when it is not a server URL", () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "statline-cli-url-")), "x.json");
  fs.writeFileSync(file, "{}");
  const run = spawnSync(process.execPath, [BIN, "ingest", file], {
    env: envWith({ STATLINE_URL: "ftp://statline.example.com/x", STATLINE_INGEST_KEY: key }),
    encoding: "utf8",
  });
  expect(run.status).toBe(64);
  expect(run.stderr).toContain("--base-url must be like https://statline.example.com");
});
