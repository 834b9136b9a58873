import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyTemplateDb, ROOT, startApp, type RunningApp } from "./support/app";
import { ensureTemplateDb } from "./support/template";

// The `statline` CLI as a black box against a real server: how it picks its delivery mode,
// and the agent two-step's failure answers. The approving browser is covered in e2e/handoff.spec.ts.
let app: RunningApp;
let dbFile: string;
beforeAll(async () => {
  const url = copyTemplateDb(ensureTemplateDb());
  dbFile = url.slice("file:".length);
  app = await startApp({ databaseUrl: url });
});
afterAll(() => app?.stop());

function cli(args: string[], env: Record<string, string> = {}, until?: RegExp) {
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-cli-"));
  const base: NodeJS.ProcessEnv = {
    NODE_ENV: "test",
    PATH: process.env.PATH,
    HOME: configDir,
    STATLINE_CONFIG_DIR: configDir,
    ...env,
  };
  const proc = spawn(process.execPath, [path.join(ROOT, "bin/statline.mjs"), ...args], {
    env: base,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  proc.stdout.on("data", (d) => (stdout += d));
  proc.stderr.on("data", (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string; configDir: string }>(
    (resolve) => {
      const done = (code: number | null) => resolve({ code, stdout, stderr, configDir });
      proc.on("exit", done);
      // Interactive logins wait for approval: stop them once they have shown what we look for.
      if (until) {
        const timer = setInterval(() => {
          if (until.test(stderr)) {
            clearInterval(timer);
            proc.kill("SIGTERM");
          }
        }, 50);
        proc.on("exit", () => clearInterval(timer));
      }
    },
  );
}

const lastSession = () => {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db
      .prepare(
        "SELECT redirectUri, state, clientName, keyName, environment FROM handoff_sessions ORDER BY createdAt DESC, rowid DESC LIMIT 1",
      )
      .get() as Record<string, string | null>;
  } finally {
    db.close();
  }
};

describe("statline login picks its delivery mode", () => {
  for (const [name, env, reason] of [
    ["SSH", { SSH_CONNECTION: "203.0.113.1 50000 10.0.0.2 22", DISPLAY: ":0" }, "SSH session"],
    ["CI", { CI: "true", DISPLAY: ":0" }, "CI"],
    ["no display", {}, "no display"],
  ] as const) {
    it(`${name}: no browser and no loopback listener, paste + poll instead`, async () => {
      const run = await cli(["login", "--base-url", app.baseUrl], env, /paste it here/);
      expect(run.stderr).toContain(`No local browser (${reason})`);
      expect(run.stderr).toMatch(/http:\/\/127\.0\.0\.1:\d+\/agent\/[A-Z]{4}-[A-Z]{4}/);
      expect(lastSession().redirectUri).toBeNull();
    });
  }

  it("with a display: loopback listener, and the URL is printed before the browser is opened", async () => {
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), "fake-opener-"));
    const opened = path.join(bin, "opened.txt");
    fs.writeFileSync(path.join(bin, "xdg-open"), `#!/bin/sh\necho "$1" > "${opened}"\n`, { mode: 0o755 });
    const run = await cli(
      ["login", "--base-url", app.baseUrl, "--name", "desk", "--client", "Test Agent"],
      { DISPLAY: ":0", PATH: `${bin}:${process.env.PATH}` },
      /paste it here/,
    );
    const url = /http:\/\/\S+\/agent\/[A-Z]{4}-[A-Z]{4}/.exec(run.stderr)![0];
    expect(run.stderr.indexOf(url)).toBeLessThan(run.stderr.indexOf("Opening your browser"));
    await expect.poll(() => fs.existsSync(opened) && fs.readFileSync(opened, "utf8").trim()).toBe(url);
    const session = lastSession();
    expect(session.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(session).toMatchObject({ clientName: "Test Agent", keyName: "desk", environment: "test" });
    // The state is a secret between the CLI and its listener: never printed.
    expect(run.stdout + run.stderr).not.toContain(session.state!);
  });
});

describe("statline login --start / --complete", () => {
  it("--complete without a pending login fails clearly", async () => {
    const run = await cli(["login", "--complete", "--json"]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "error", error: { code: "no_pending_login" } });
  });

  it("--complete --no-wait reports a pending approval with exit status 2 and keeps the pending file", async () => {
    const start = await cli(["login", "--start", "--json", "--base-url", app.baseUrl]);
    expect(start.code).toBe(0);
    const run = await cli(["login", "--complete", "--no-wait", "--json"], {
      STATLINE_CONFIG_DIR: start.configDir,
    });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({ status: "authorization_pending", interval: 5 });
    expect(fs.existsSync(path.join(start.configDir, "pending.json"))).toBe(true);
  });

  it("refuses bad flags and an unreachable server with a clear message", async () => {
    expect((await cli(["login", "--environment", "prod"])).stderr).toContain(
      "--environment must be test or live",
    );
    const down = await cli(["login", "--start", "--json", "--base-url", "http://127.0.0.1:9"]);
    expect(down.code).toBe(1);
    expect(JSON.parse(down.stdout).error.code).toBe("network_error");
  });
});
