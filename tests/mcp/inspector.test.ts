import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { TOOLS } from "../../lib/mcp/tools";
import { ROOT } from "../support/app";
import { connectRaw, setupOAuthApp, v1 } from "./oauth-app";
import { rawMcp } from "./oauth-support";

// The MCP Inspector's CLI (@modelcontextprotocol/inspector, a devDependency: a client nobody here
// wrote) against /mcp with an access token from the real OAuth flow (registration, consent, code
// exchange), and against `statline mcp` on stdio: both list the same tools.
const ctx = setupOAuthApp();
const pkgDir = path.join(ROOT, "node_modules/@modelcontextprotocol/inspector");
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8")) as {
  version: string;
  bin: Record<string, string>;
};
const BIN = path.join(pkgDir, pkg.bin["mcp-inspector"]);
const home = fs.mkdtempSync(path.join(os.tmpdir(), "statline-inspector-"));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
/** `npx @modelcontextprotocol/inspector --cli …` as the docs show it, from the installed package. */
function inspector(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, "--cli", ...args],
      // HOME: the Inspector keeps its catalog and stored OAuth tokens there.
      {
        cwd: ROOT,
        env: { ...process.env, HOME: home, ...env },
        timeout: 60_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

type Listed = { tools: { name: string; description?: string; inputSchema: unknown }[] };
const byName = (l: Listed) => [...l.tools].sort((a, b) => a.name.localeCompare(b.name));
const mcpUrl = () => `${ctx.app.baseUrl}/mcp`;

describe(`MCP Inspector CLI ${pkg.version}`, () => {
  let token = "";

  test("lists the same tools over /mcp with a bearer token as over `statline mcp`", async () => {
    token = (await connectRaw(ctx, "MCP Inspector")).tokens.access_token;
    const remote = await inspector([
      mcpUrl(),
      "--transport",
      "http",
      "--method",
      "tools/list",
      "--header",
      `Authorization: Bearer ${token}`,
    ]);
    expect(remote.code, remote.stderr).toBe(0);
    const listed = JSON.parse(remote.stdout) as Listed;
    expect(listed.tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());

    // The local server through the Inspector's stdio mode: the same names, descriptions and schemas.
    const local = await inspector([
      "--method",
      "tools/list",
      "-e",
      `STATLINE_BASE_URL=${ctx.app.baseUrl}`,
      "-e",
      `STATLINE_API_KEY=${ctx.key}`,
      "--",
      process.execPath,
      path.join(ROOT, "bin/statline.mjs"),
      "mcp",
    ]);
    expect(local.code, local.stderr).toBe(0);
    expect(byName(listed)).toEqual(byName(JSON.parse(local.stdout) as Listed));
  });

  test("calls a tool with the token: the result equals the same /v1 request", async () => {
    const competition = String(ctx.fx.ids.league);
    const run = await inspector([
      mcpUrl(),
      "--transport",
      "http",
      "--method",
      "tools/call",
      "--tool-name",
      "get_standings",
      // JSON arguments, verbatim: --tool-arg would turn the numeric id into a number.
      "--tool-args-json",
      JSON.stringify({ competition }),
      "--header",
      `Authorization: Bearer ${token}`,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { isError?: boolean; structuredContent: { data: unknown } };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.data).toEqual(await v1(ctx, `/v1/standings?competition=${competition}`));
  });

  test("without a token (or with a bad one): 401 naming the resource metadata, and the Inspector fails", async () => {
    const res = await rawMcp(ctx.app.baseUrl, null);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer error="invalid_token", error_description="Missing Authorization header", scope="competitions contests persons teams", resource_metadata="${ctx.app.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    // --stored-auth-only: a script never waits for a browser sign-in; the 401 ends the run.
    for (const header of [[], ["--header", "Authorization: Bearer slat_not-a-real-token"]]) {
      const run = await inspector([
        mcpUrl(),
        "--transport",
        "http",
        "--method",
        "tools/list",
        "--stored-auth-only",
        ...header,
      ]);
      expect(run.code, run.stderr).not.toBe(0);
      expect(run.stdout).not.toContain('"tools"');
      expect(run.stderr, run.stderr).toMatch(/auth/i);
    }
  });
});
