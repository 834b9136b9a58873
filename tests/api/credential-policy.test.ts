import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UNVERIFIED_LIVE_KEY_MESSAGE } from "../../lib/auth/email-verification";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { REAUTH_MESSAGE } from "../../lib/auth/reauth";
import { createClient, type Db } from "../../lib/db/client";
import { INGEST_OPERATORS_ONLY, SUSPENDED_KEY_MESSAGE, createApiKey } from "../../lib/keys/service";
import { escapeHtml } from "../../lib/util/html";
import { SignInClient } from "../accounts/support";
import { authorizeUrl, pkce, register, REDIRECT } from "../mcp/oauth-support";
import { copyTemplateDb, ROOT, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";

// One issuing policy (lib/keys/issuing.ts), the same answer on every path that makes a key: the
// dashboard's create and roll, the admin CLI, the agent handoff's approval and OAuth consent.
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const password = "violet tractor anthem 42";
let url: string;
let db: Db;
let app: RunningApp;

interface Person {
  email: string;
  client: SignInClient;
  id: string;
  accountId: string;
}

async function person(name: string, verified = true): Promise<Person> {
  const email = `${name}@issuing.test`;
  const made = createUser(url, email, password, { verified });
  const client = new SignInClient(app.baseUrl);
  expect((await client.credentials(email, password)).status).toBe(200);
  return { email, client, ...made };
}

type Ask = { environment: "test" | "live"; scopes: string[] };
type Answer = { status: number; message: string | null; issued: boolean };

const jsonHeaders = (p: Person) => ({
  "content-type": "application/json",
  origin: app.baseUrl,
  "x-csrf-token": csrfTokenFor(p.id),
});
const formHeaders = () => ({ "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl });
const pageMessage = (html: string) => /<h1>[^<]*<\/h1><p>([^<]*)<\/p>/.exec(html)?.[1] ?? html;

async function dashboardCreate(p: Person, ask: Ask, workspace?: string): Promise<Answer> {
  const res = await p.client.request("/api/dashboard/keys", {
    method: "POST",
    headers: { ...jsonHeaders(p), ...(workspace ? { "x-statline-workspace": workspace } : {}) },
    body: JSON.stringify({ name: "policy", environment: ask.environment, options: { scopes: ask.scopes } }),
  });
  const json = (await res.json()) as { error?: { message: string } };
  return { status: res.status, message: json.error?.message ?? null, issued: res.status === 201 };
}

async function dashboardRoll(p: Person, keyId: string, workspace?: string): Promise<Answer> {
  const res = await p.client.request(`/api/dashboard/keys/${keyId}/roll`, {
    method: "POST",
    headers: { ...jsonHeaders(p), ...(workspace ? { "x-statline-workspace": workspace } : {}) },
    body: JSON.stringify({ grace: "now" }),
  });
  const json = (await res.json()) as { error?: { message: string } };
  return { status: res.status, message: json.error?.message ?? null, issued: res.status === 201 };
}

async function handoffApprove(p: Person, ask: Ask): Promise<Answer> {
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

async function oauthConsent(p: Person, ask: Ask): Promise<Answer> {
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

function cliCreate(p: Person, ask: Ask): Answer {
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

const READ = ["teams", "contests"];

beforeAll(async () => {
  url = copyTemplateDb(ensureTemplateDb());
  db = createClient(url);
  app = await startApp({ databaseUrl: url });
}, 600_000);

afterAll(async () => {
  await app?.stop();
  await db?.$disconnect();
});

const refusedAlike = (answers: Record<string, Answer>, message: string) => {
  for (const [path, answer] of Object.entries(answers)) {
    expect(answer.issued, path).toBe(false);
    expect(answer.status, path).toBe(403);
    expect(answer.message, path).toBe(path === "handoff" || path === "oauth" ? escapeHtml(message) : message);
  }
};

describe("every credential-issuing path asks one policy", () => {
  test("an unverified account's live key: refused alike by the dashboard, its roll, the handoff and OAuth consent", async () => {
    const p = await person("unverified", false);
    const live = await createApiKey(db, {
      accountId: p.accountId,
      name: "old",
      environment: "live",
      createdById: p.id,
    });
    const ask = { environment: "live" as const, scopes: READ };
    refusedAlike(
      {
        dashboard: await dashboardCreate(p, ask),
        roll: await dashboardRoll(p, live.record.id),
        handoff: await handoffApprove(p, ask),
        oauth: await oauthConsent(p, ask),
      },
      UNVERIFIED_LIVE_KEY_MESSAGE,
    );
    expect(await db.apiKey.count({ where: { accountId: p.accountId } })).toBe(1);
    // A test key is issued on every path meanwhile.
    expect((await dashboardCreate(p, { environment: "test", scopes: READ })).issued).toBe(true);
  });

  test("a stale session's live key (signed in 20 minutes ago, no re-authentication since): refused alike", async () => {
    const p = await person("stale");
    const live = await createApiKey(db, {
      accountId: p.accountId,
      name: "old",
      environment: "live",
      createdById: p.id,
    });
    const old = new Date(Date.now() - 20 * 60_000);
    await db.userSession.updateMany({ where: { userId: p.id }, data: { createdAt: old, reauthAt: null } });
    const ask = { environment: "live" as const, scopes: READ };
    refusedAlike(
      {
        dashboard: await dashboardCreate(p, ask),
        roll: await dashboardRoll(p, live.record.id),
        handoff: await handoffApprove(p, ask),
        oauth: await oauthConsent(p, ask),
      },
      REAUTH_MESSAGE,
    );
    expect(await db.apiKey.count({ where: { accountId: p.accountId } })).toBe(1);
  });

  test("a suspended account's key, test or live: refused alike on every path, the admin CLI included", async () => {
    const p = await person("suspended");
    const key = await createApiKey(db, {
      accountId: p.accountId,
      name: "old",
      environment: "test",
      createdById: p.id,
    });
    await db.account.update({
      where: { id: p.accountId },
      data: { suspendedAt: new Date(), suspendedReason: "x" },
    });
    const ask = { environment: "test" as const, scopes: READ };
    refusedAlike(
      {
        dashboard: await dashboardCreate(p, ask),
        roll: await dashboardRoll(p, key.record.id),
        handoff: await handoffApprove(p, ask),
        oauth: await oauthConsent(p, ask),
        cli: cliCreate(p, ask),
      },
      SUSPENDED_KEY_MESSAGE,
    );
    expect(await db.apiKey.count({ where: { accountId: p.accountId } })).toBe(1);
  });

  test("a scope the caller may not grant (ingest, not an operator) is 403 on every path, never a broader key", async () => {
    const p = await person("plain");
    const ask = { environment: "test" as const, scopes: ["ingest"] };
    refusedAlike(
      {
        dashboard: await dashboardCreate(p, ask),
        handoff: await handoffApprove(p, ask),
        oauth: await oauthConsent(p, ask),
        cli: cliCreate(p, ask),
      },
      INGEST_OPERATORS_ONLY,
    );
    // Misplaced beside `options`, the scope is refused too (it once became an unrestricted key).
    const misplaced = await p.client.request("/api/dashboard/keys", {
      method: "POST",
      headers: jsonHeaders(p),
      body: JSON.stringify({ name: "x", environment: "test", scopes: ["ingest"] }),
    });
    expect(misplaced.status).toBe(400);
    expect(await db.apiKey.count({ where: { accountId: p.accountId } })).toBe(0);
  });

  test("a member of an operator's workspace cannot mint, roll or widen to an ingest key there", async () => {
    const op = await person("operator");
    await db.account.update({ where: { id: op.accountId }, data: { operator: true } });
    const ingest = await createApiKey(db, {
      accountId: op.accountId,
      name: "feed",
      environment: "test",
      createdById: op.id,
      options: { scopes: ["ingest"] },
    });
    const admin = await person("admin-member");
    await db.membership.create({ data: { userId: admin.id, accountId: op.accountId, role: "admin" } });
    const ask = { environment: "test" as const, scopes: ["ingest"] };
    refusedAlike(
      {
        dashboard: await dashboardCreate(admin, ask, op.accountId),
        roll: await dashboardRoll(admin, ingest.record.id, op.accountId),
      },
      INGEST_OPERATORS_ONLY,
    );
    const own = await createApiKey(db, {
      accountId: op.accountId,
      name: "mine",
      environment: "test",
      createdById: admin.id,
    });
    const widen = await admin.client.request(`/api/dashboard/keys/${own.record.id}`, {
      method: "PATCH",
      headers: { ...jsonHeaders(admin), "x-statline-workspace": op.accountId },
      body: JSON.stringify({ scopes: ["ingest"] }),
    });
    expect(widen.status).toBe(403);
    expect(((await widen.json()) as { error: { message: string } }).error.message).toBe(
      INGEST_OPERATORS_ONLY,
    );
    expect(
      await db.apiKey.count({ where: { accountId: op.accountId, scopes: { contains: "ingest" } } }),
    ).toBe(1);
    // The operator, in their own account, may.
    expect((await dashboardCreate(op, ask)).issued).toBe(true);
  });

  test("a pending OAuth authorization belongs to the browser that opened it (RFC 9700 §4.7)", async () => {
    const opener = await person("opener");
    const other = await person("other");
    const client = await register(app.baseUrl);
    const { challenge } = pkce();
    const start = authorizeUrl(app.baseUrl, {
      client_id: String(client.body.client_id),
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      state: "binding-state",
    });
    const opened = await opener.client.get(start.pathname + start.search);
    const consent = opened.headers.get("location") ?? "";
    const request = new URL(consent, app.baseUrl).searchParams.get("request") ?? "";
    // Another signed-in user with the link: no such request, on the page and on the form's target.
    const page = await other.client.get(new URL(consent, app.baseUrl).pathname + `?request=${request}`);
    const html = await page.text();
    expect(html).toContain("Nothing to approve");
    expect(html).toContain("No such authorization request");
    const form = (who: Person) =>
      new URLSearchParams({ csrf_token: csrfTokenFor(who.id), request, decision: "approve", scope: "teams" });
    const stolen = await other.client.request("/api/oauth/consent", {
      method: "POST",
      headers: formHeaders(),
      body: form(other),
    });
    expect(stolen.status).toBe(404);
    expect(await stolen.text()).toContain("No such authorization request");
    expect(await db.oAuthGrant.findUniqueOrThrow({ where: { id: request } })).toMatchObject({
      status: "pending",
    });
    // The browser that opened it sees the request and may approve it.
    expect(await (await opener.client.get(`/oauth/consent?request=${request}`)).text()).toContain(
      "Connect an app to Statline",
    );
    const approved = await opener.client.request("/api/oauth/consent", {
      method: "POST",
      headers: formHeaders(),
      body: form(opener),
    });
    expect(approved.status).toBe(200);
  });
});
