import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { copyTemplateDb, ROOT, startApp, type RunningApp } from "../../tests/support/app";
import { ensureTemplateDb } from "../../tests/support/template";
import { createUser } from "../../tests/support/users";

export const PASSWORD = "correct-horse-battery-9";

/** A dedicated `next start` server on its own database copy (env sets handoff lifetimes/limits). */
export async function startHandoffApp(env: Record<string, string> = {}) {
  const databaseUrl = copyTemplateDb(ensureTemplateDb());
  const app: RunningApp = await startApp({
    databaseUrl,
    mode: "next",
    env: { HANDOFF_START_LIMIT_PER_MINUTE: "1000", ...env },
  });
  const users = {
    alice: { email: "alice@example.com", ...createUser(databaseUrl, "alice@example.com", PASSWORD) },
    mallory: { email: "mallory@example.com", ...createUser(databaseUrl, "mallory@example.com", PASSWORD) },
  };
  return { app, base: app.baseUrl, databaseUrl, users };
}

/** Reads the app's SQLite file directly (read-only), to check rows the UI of another issue shows. */
export function query<T>(databaseUrl: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(databaseUrl.slice("file:".length), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Signs the browser context in through next-auth's credentials callback (no sign-in page needed). */
export async function signIn(context: BrowserContext, base: string, email: string) {
  const { csrfToken } = await (await context.request.get(`${base}/api/auth/csrf`)).json();
  const res = await context.request.post(`${base}/api/auth/callback/credentials`, {
    form: { csrfToken, email, password: PASSWORD, json: "true" },
  });
  expect(res.status()).toBe(200);
  const session = await (await context.request.get(`${base}/api/auth/session`)).json();
  expect(session.user?.email).toBe(email);
}

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** Step 1 over HTTP, as an agent would. */
export async function startSession(
  request: APIRequestContext,
  base: string,
  body: Record<string, unknown> = {},
) {
  const { verifier, challenge } = pkce();
  const res = await request.post(`${base}/api/agent/sessions`, {
    data: { code_challenge: challenge, code_challenge_method: "S256", client_name: "test agent", ...body },
  });
  expect(res.status(), await res.text()).toBe(200);
  const session = await res.json();
  return { ...session, verifier } as {
    session_id: string;
    verification_url: string;
    user_code: string;
    expires_in: number;
    interval: number;
    verifier: string;
  };
}

export const token = (request: APIRequestContext, base: string, data: Record<string, unknown>) =>
  request.post(`${base}/api/agent/token`, { data, maxRedirects: 0 });

const running = new Set<ChildProcess>();
/** Kills CLI processes a failed test left waiting (only the ones this file spawned). */
export function stopClis() {
  for (const proc of running) if (proc.exitCode === null) proc.kill("SIGTERM");
  running.clear();
}

/** Runs the real CLI with a private config dir and an environment without display/SSH/CI hints. */
export function runCli(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-cli-"));
  const env: NodeJS.ProcessEnv = { ...process.env, STATLINE_CONFIG_DIR: configDir, ...opts.env };
  for (const name of [
    "DISPLAY",
    "WAYLAND_DISPLAY",
    "SSH_CONNECTION",
    "SSH_TTY",
    "SSH_CLIENT",
    "CI",
    "STATLINE_BASE_URL",
  ]) {
    if (!opts.env?.[name]) delete env[name];
  }
  const proc: ChildProcess = spawn(process.execPath, [path.join(ROOT, "bin", "statline.mjs"), ...args], {
    cwd: opts.cwd ?? configDir,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  running.add(proc);
  let stdout = "";
  let stderr = "";
  proc.stdout!.on("data", (d) => (stdout += d));
  proc.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<number>((resolve) => proc.on("exit", (code) => resolve(code ?? -1)));
  return {
    proc,
    configDir,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    /** The verification URL the CLI printed (it must print it before anything else happens). */
    async url(): Promise<string> {
      await expect
        .poll(() => /http:\/\/\S+\/agent\/[A-Z]{4}-[A-Z]{4}/.test(stderr), { timeout: 15_000 })
        .toBe(true);
      return /http:\/\/\S+\/agent\/[A-Z]{4}-[A-Z]{4}/.exec(stderr)![0];
    },
  };
}

export async function expectKeyWorks(request: APIRequestContext, base: string, key: string) {
  const res = await request.get(`${base}/v1/teams`, { headers: { "X-API-Key": key } });
  expect(res.status(), await res.text()).toBe(200);
}

export function fileMode(file: string) {
  return fs.statSync(file).mode & 0o777;
}

/** The approval page's hidden fields and pre-checked scopes, as the signed-in context sees them. */
export async function approvalForm(context: BrowserContext, url: string) {
  const html = await (await context.request.get(url)).text();
  const checked = [...html.matchAll(/<input[^>]*name="scope"[^>]*>/g)].filter((m) => / checked/.test(m[0]));
  return {
    csrf_token: /name="csrf_token" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? "",
    user_code: /name="user_code" value="([A-Z]{8})"/.exec(html)?.[1] ?? "",
    scope: checked.map((m) => /value="([a-z]+)"/.exec(m[0])?.[1] ?? ""),
  };
}

/** Posts the approval form like the browser would (same-origin, urlencoded), or with forged headers. */
export function decide(
  context: BrowserContext,
  base: string,
  form: Record<string, string | string[]>,
  headers: Record<string, string> = { Origin: base },
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form))
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  return context.request.post(`${base}/api/agent/approve`, {
    data: body.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    maxRedirects: 0,
  });
}

/** Approves a session in one go; returns the authorization code the page shows (paste mode). */
export async function approve(context: BrowserContext, base: string, url: string, environment = "test") {
  const form = await approvalForm(context, url);
  const res = await decide(context, base, { ...form, decision: "approve", environment });
  expect(res.status()).toBe(200);
  return /id="authorization-code"[^>]*>([0-9A-Za-z]{32})</.exec(await res.text())![1];
}
