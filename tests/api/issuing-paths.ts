import { execFileSync } from "node:child_process";
import { expect } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { SignInClient } from "../accounts/support";
import { authorizeUrl, pkce, register, REDIRECT } from "../mcp/oauth-support";
import { ROOT, type RunningApp } from "../support/app";
import { createUser } from "../support/users";

/**
 * Each path that issues a key, driven as its client does (tests/api/credential-policy.test.ts):
 * the dashboard's create and roll, the agent handoff's approval form, OAuth consent, the admin CLI.
 */
const password = "violet tractor anthem 42";
let app: RunningApp;
let url: string;

/** The running app and its database for the drivers below. */
export function useApp(running: RunningApp, databaseUrl: string) {
  app = running;
  url = databaseUrl;
}

export interface Person {
  email: string;
  client: SignInClient;
  id: string;
  accountId: string;
}

export async function person(name: string, verified = true): Promise<Person> {
  const email = `${name}@issuing.test`;
  const made = createUser(url, email, password, { verified });
  const client = new SignInClient(app.baseUrl);
  expect((await client.credentials(email, password)).status).toBe(200);
  return { email, client, ...made };
}

export type Ask = { environment: "test" | "live"; scopes: string[] };
export type Answer = { status: number; message: string | null; issued: boolean };

export const jsonHeaders = (p: Person) => ({
  "content-type": "application/json",
  origin: app.baseUrl,
  "x-csrf-token": csrfTokenFor(p.id),
});
export const formHeaders = () => ({
  "content-type": "application/x-www-form-urlencoded",
  origin: app.baseUrl,
});
const pageMessage = (html: string) => /<h1>[^<]*<\/h1><p>([^<]*)<\/p>/.exec(html)?.[1] ?? html;

export async function dashboardCreate(p: Person, ask: Ask, workspace?: string): Promise<Answer> {
  const res = await p.client.request("/api/dashboard/keys", {
    method: "POST",
    headers: { ...jsonHeaders(p), ...(workspace ? { "x-statline-workspace": workspace } : {}) },
    body: JSON.stringify({ name: "policy", environment: ask.environment, options: { scopes: ask.scopes } }),
  });
  const json = (await res.json()) as { error?: { message: string } };
  return { status: res.status, message: json.error?.message ?? null, issued: res.status === 201 };
}

export async function dashboardRoll(p: Person, keyId: string, workspace?: string): Promise<Answer> {
  const res = await p.client.request(`/api/dashboard/keys/${keyId}/roll`, {
    method: "POST",
    headers: { ...jsonHeaders(p), ...(workspace ? { "x-statline-workspace": workspace } : {}) },
    body: JSON.stringify({ grace: "now" }),
  });
  const json = (await res.json()) as { error?: { message: string } };
  return { status: res.status, message: json.error?.message ?? null, issued: res.status === 201 };
}

export async function handoffApprove(p: Person, ask: Ask): Promise<Answer> {
  const { challenge } = pkce();
  const started = await fetch(`${app.baseUrl}/api/agent/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code_challenge: challenge, code_challenge_method: "S256", client_name: "policy" }),
  });
  const { user_code } = (await started.json()) as { user_code: string };
  const form = new URLSearchParams({
    csrf_token: csrfTokenFor(p.id),
    user_code,
    decision: "approve",
    environment: ask.environment,
  });
  for (const s of ask.scopes) form.append("scope", s);
  const res = await p.client.request("/api/agent/approve", {
    method: "POST",
    headers: formHeaders(),
    body: form,
  });
  const html = await res.text();
  return {
    status: res.status,
    message: res.status === 200 ? null : pageMessage(html),
    issued: res.status === 200,
  };
}

export async function oauthConsent(p: Person, ask: Ask): Promise<Answer> {
  const client = await register(app.baseUrl);
  const { challenge } = pkce();
  const start = authorizeUrl(app.baseUrl, {
    client_id: String(client.body.client_id),
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    state: "policy-state",
  });
  const opened = await p.client.get(start.pathname + start.search);
  const request =
    new URL(opened.headers.get("location") ?? "", app.baseUrl).searchParams.get("request") ?? "";
  expect(request).toMatch(/^og_/);
  const form = new URLSearchParams({
    csrf_token: csrfTokenFor(p.id),
    request,
    decision: "approve",
    environment: ask.environment,
  });
  for (const s of ask.scopes) form.append("scope", s);
  const res = await p.client.request("/api/oauth/consent", {
    method: "POST",
    headers: formHeaders(),
    body: form,
  });
  const html = await res.text();
  return {
    status: res.status,
    message: res.status === 200 ? null : pageMessage(html),
    issued: res.status === 200,
  };
}

export function cliCreate(p: Person, ask: Ask): Answer {
  try {
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/admin.ts",
        "key",
        "create",
        "--email",
        p.email,
        "--environment",
        ask.environment,
        "--name",
        "policy",
        "--scopes",
        ask.scopes.join(","),
      ],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, encoding: "utf8", stdio: "pipe" },
    );
    return { status: 201, message: null, issued: true };
  } catch (err) {
    const stderr = String((err as { stderr?: string }).stderr ?? "");
    return {
      status: 403,
      message:
        stderr
          .trim()
          .split("\n")
          .pop()
          ?.replace(/^error: /i, "") ?? stderr,
      issued: false,
    };
  }
}
