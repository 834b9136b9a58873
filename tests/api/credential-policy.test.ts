import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UNVERIFIED_LIVE_KEY_MESSAGE } from "../../lib/auth/email-verification";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { REAUTH_MESSAGE } from "../../lib/auth/reauth";
import { createClient, type Db } from "../../lib/platform/db/client";
import { INGEST_OPERATORS_ONLY, SUSPENDED_KEY_MESSAGE, createApiKey } from "../../lib/keys/service";
import { escapeHtml } from "../../lib/platform/util/html";
import { authorizeUrl, pkce, register, REDIRECT } from "../mcp/oauth-support";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";
import {
  cliCreate,
  dashboardCreate,
  dashboardRoll,
  formHeaders,
  handoffApprove,
  jsonHeaders,
  oauthConsent,
  person,
  useApp,
  type Answer,
  type Person,
} from "./issuing-paths";

// One issuing policy (lib/keys/issuing.ts), the same answer on every path that makes a key: the
// dashboard's create and roll, the admin CLI, the agent handoff's approval and OAuth consent.
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

let url: string;
let db: Db;
let app: RunningApp;

const READ = ["teams", "contests"];

beforeAll(async () => {
  url = copyTemplateDb(ensureTemplateDb());
  db = createClient(url);
  app = await startApp({ databaseUrl: url });
  useApp(app, url);
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
