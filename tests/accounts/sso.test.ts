import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { oidcIdentity } from "../../lib/auth/oidc";
import { copyTemplateDb, freePort, startApp, type RunningApp } from "../support/app";
import { startOidcProvider, type RunningOidcProvider } from "../support/oidc-provider";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { ssoSignIn, sessionUserId } from "./sso-flow";
import { SignInClient } from "./support";

process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const callback = (port: number) => `http://127.0.0.1:${port}/api/auth/callback/oidc`;
/** Where a refused sign-in landed: the sign-in page and its ?error= code. */
const landed = (location: string) => {
  const url = new URL(location);
  return { path: url.pathname, error: url.searchParams.get("error") };
};

describe("the SSO callback's claim checks", () => {
  const iss = "https://idp.example";
  it("refuses another issuer, a missing or unverified email, and accepts only a literal true", () => {
    const good = { iss, sub: "u1", email: "Ann@Corp.example", email_verified: true, name: "Ann" };
    expect(oidcIdentity(good, iss)).toEqual({ ok: true, sub: "u1", email: "ann@corp.example", name: "Ann" });
    expect(oidcIdentity(good, `${iss}/`).ok).toBe(true);
    expect(oidcIdentity({ ...good, iss: "https://evil.example" }, iss)).toEqual({
      ok: false,
      reason: "wrong_issuer",
    });
    expect(oidcIdentity({ ...good, email_verified: "true" }, iss)).toEqual({
      ok: false,
      reason: "unverified_email",
    });
    expect(oidcIdentity({ ...good, email_verified: undefined }, iss).ok).toBe(false);
    expect(oidcIdentity({ ...good, email: "x".repeat(300) }, iss)).toEqual({ ok: false, reason: "no_email" });
    expect(oidcIdentity(null, iss)).toEqual({ ok: false, reason: "wrong_issuer" });
  });
});

describe("single sign-on against a real OpenID Connect provider (oidc-provider)", () => {
  let op: RunningOidcProvider;
  let proxy: TcpProxy;
  let app: RunningApp;
  let misconfigured: RunningApp;
  let databaseUrl: string;
  const password = "violet tractor anthem 42";

  beforeAll(async () => {
    const [port, port2] = [await freePort(), await freePort()];
    op = await startOidcProvider([callback(port), callback(port2)]);
    const sso = { OIDC_CLIENT_ID: op.clientId, OIDC_CLIENT_SECRET: op.clientSecret, OIDC_NAME: "Acme SSO" };
    databaseUrl = copyTemplateDb(ensureTemplateDb());
    app = await startApp({
      databaseUrl,
      port,
      env: { ...sso, OIDC_ISSUER: op.issuer, OIDC_REQUIRED_DOMAINS: "sso-only.example" },
    });
    // The same provider behind another address: its discovery document and ID tokens name the
    // provider's own issuer, not the one this instance is configured with.
    proxy = await startTcpProxy({ host: "127.0.0.1", port: Number(new URL(op.issuer).port) });
    misconfigured = await startApp({
      databaseUrl: copyTemplateDb(ensureTemplateDb()),
      port: port2,
      env: { ...sso, OIDC_ISSUER: `http://127.0.0.1:${proxy.port}` },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await misconfigured?.stop();
    await proxy?.down();
    await op?.close();
  });

  const user = (email: string) => {
    const file = new Database(databaseUrl.slice("file:".length), { readonly: true });
    const row = file.prepare("SELECT id, emailVerified FROM users WHERE email = ?").get(email) as
      { id: string; emailVerified: string | null } | undefined;
    file.close();
    return row;
  };

  it("signs a new user in with a verified email: a verified account that may create live keys", async () => {
    const client = new SignInClient(app.baseUrl);
    const { status, location } = await ssoSignIn(client, "new.person@acme.example");
    expect(status).toBe(302);
    expect(location).toBe(`${app.baseUrl}/dashboard`);
    const id = await sessionUserId(client);
    const row = user("new.person@acme.example");
    expect(id).toBe(row?.id);
    expect(row?.emailVerified).not.toBeNull();
    const res = await client.request("/api/dashboard/keys", {
      method: "POST",
      headers: { "x-csrf-token": csrfTokenFor(id!), "content-type": "application/json" },
      body: JSON.stringify({ name: "prod", environment: "live" }),
    });
    expect(res.status).toBe(201);
    // Signing in again lands in the same account (linked by the provider's subject).
    const again = new SignInClient(app.baseUrl);
    await ssoSignIn(again, "new.person@acme.example");
    expect(await sessionUserId(again)).toBe(id);
  });

  it("links to an existing verified account by email, never to an unverified one", async () => {
    const verified = createUser(databaseUrl, "known@acme.example", password);
    const client = new SignInClient(app.baseUrl);
    await ssoSignIn(client, "known@acme.example");
    expect(await sessionUserId(client)).toBe(verified.id);

    createUser(databaseUrl, "squatted@acme.example", password, { verified: false });
    const victim = new SignInClient(app.baseUrl);
    const refused = await ssoSignIn(victim, "squatted@acme.example");
    expect(landed(refused.location)).toEqual({ path: "/signin", error: "email_in_use" });
    expect(await sessionUserId(victim)).toBeNull();
  });

  it("refuses an email the provider has not verified, and creates no account", async () => {
    const client = new SignInClient(app.baseUrl);
    const { location } = await ssoSignIn(client, "unverified:someone@acme.example");
    expect(landed(location)).toEqual({ path: "/signin", error: "unverified_email" });
    expect(await sessionUserId(client)).toBeNull();
    expect(user("someone@acme.example")).toBeUndefined();
  });

  it("refuses a callback whose state does not match the browser's (forged or replayed)", async () => {
    const client = new SignInClient(app.baseUrl);
    const { location } = await ssoSignIn(client, "state@acme.example", (u) => {
      const forged = new URL(u);
      forged.searchParams.set("state", "forged-state-value");
      return forged;
    });
    expect(landed(location)).toEqual({ path: "/signin", error: "OAuthCallback" });
    expect(await sessionUserId(client)).toBeNull();
    expect(user("state@acme.example")).toBeUndefined();
  });

  it("refuses ID tokens of an issuer other than the configured one", async () => {
    const client = new SignInClient(misconfigured.baseUrl);
    const { location } = await ssoSignIn(client, "issuer@acme.example");
    expect(landed(location)).toEqual({ path: "/signin", error: "wrong_issuer" });
    expect(await sessionUserId(client)).toBeNull();
  });

  it("refuses password sign-in and sign-up for a domain that must use SSO", async () => {
    createUser(databaseUrl, "old@sso-only.example", password);
    const client = new SignInClient(app.baseUrl);
    const res = await client.credentials("old@sso-only.example", password);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { url: string }).url).toContain("error=SsoRequired");
    expect(await sessionUserId(client)).toBeNull();
    const signup = await fetch(`${app.baseUrl}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "new@SSO-only.example", password }),
    });
    expect(signup.status).toBe(403);
    expect(await signup.json()).toEqual({
      error: {
        code: "FORBIDDEN",
        message: 'Accounts with this email domain sign in with single sign-on: use "Continue with Acme SSO".',
      },
    });
    // The same address through SSO is fine.
    await ssoSignIn(client, "old@sso-only.example");
    expect(await sessionUserId(client)).not.toBeNull();
  });
});
