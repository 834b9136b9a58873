import { createHash } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { TOOLS } from "../../lib/mcp/tools";
import { call, expectOk } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";
import { createUser } from "../support/users";
import {
  Approver,
  authorizeUrl,
  MemoryOAuthProvider,
  pkce,
  rawMcp,
  REDIRECT,
  register,
  tokenRequest,
} from "./oauth-support";

// Remote MCP (/mcp, Streamable HTTP) with OAuth 2.1, against a real server: the MCP SDK's own client
// and OAuth client provider find everything from the URL alone; the consent form is answered over
// HTTP with a signed-in session, as the browser would. Tool results are checked against /v1.
const REGISTER_LIMIT = 25;
let fx: Fixture;
let app: RunningApp;
let key: string;
let approver: Approver;
const open: Client[] = [];
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

beforeAll(async () => {
  fx = await buildFixture();
  key = createUnlimitedKey(fx.url, "compare@example.com");
  const password = "correct horse battery staple 42";
  const user = createUser(fx.url, "oauth-owner@example.com", password);
  app = await startApp({
    databaseUrl: fx.url,
    env: { OAUTH_REGISTER_LIMIT_PER_HOUR: String(REGISTER_LIMIT) },
  });
  approver = new Approver(app.baseUrl, { id: user.id, email: "oauth-owner@example.com", password });
  await approver.signIn();
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close().catch(() => {})));
  await app?.stop();
  await fx?.db.$disconnect();
});

const v1 = async (p: string) => expectOk(await call(app.baseUrl, p, { key }), p);
const mcpUrl = () => new URL(`${app.baseUrl}/mcp`);

/** Registration, consent and the code exchange over raw HTTP: a fresh token pair. */
async function connectRaw(name = "Raw client") {
  const reg = await register(app.baseUrl, { client_name: name });
  expect(reg.status).toBe(201);
  const clientId = reg.body.client_id as string;
  const { verifier, challenge } = pkce();
  const sent = await approver.authorize(
    authorizeUrl(app.baseUrl, {
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      state: "s1",
    }),
  );
  expect(sent.status).toBe(302);
  const decided = await approver.decide(sent.location!, "approve");
  const code = decided.redirect!.searchParams.get("code")!;
  const exchange = (v = verifier) =>
    tokenRequest(app.baseUrl, {
      grant_type: "authorization_code",
      client_id: clientId,
      code,
      code_verifier: v,
      redirect_uri: REDIRECT,
    });
  const first = await exchange();
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  return { clientId, code, verifier, exchange, tokens: first.body };
}

describe("an MCP client adds Statline by URL alone", () => {
  const provider = new MemoryOAuthProvider("Claude-like client");
  let client: Client;

  test("discovery and registration lead to the consent page; approving it yields tokens", async () => {
    const first = new Client({ name: "remote-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toMatch(/^oc_[0-9A-Za-z]{32}$/);
    const authUrl = provider.authUrl!;
    expect(authUrl.origin + authUrl.pathname).toBe(`${app.baseUrl}/oauth/authorize`);
    expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authUrl.searchParams.get("resource")).toBe(`${app.baseUrl}/mcp`);

    const sent = await approver.authorize(authUrl);
    expect(sent.status).toBe(302);
    expect(sent.location).toMatch(/\/oauth\/consent\?request=og_[0-9A-Za-z]{32}$/);
    const page = await approver.browser.get(
      new URL(sent.location!).pathname + new URL(sent.location!).search,
    );
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Claude-like client");
    expect(html).toContain("https://client.example/");
    expect(html).toContain("127.0.0.1:53682");
    expect(html).toContain("unverified");

    const decided = await approver.decide(sent.location!, "approve", {
      scope: ["competitions", "persons", "teams"],
    });
    expect(decided.status).toBe(200);
    const back = decided.redirect!;
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("iss")).toBe(app.baseUrl);
    if (authUrl.searchParams.get("state"))
      expect(back.searchParams.get("state")).toBe(authUrl.searchParams.get("state"));
    await transport.finishAuth(back.searchParams.get("code")!);

    const tokens = provider.saved!;
    expect(tokens.access_token).toMatch(/^slat_/);
    expect(tokens.refresh_token).toMatch(/^slrt_/);
    expect(tokens.scope).toBe("competitions persons teams");
    // Only hashes are stored.
    const rows = await fx.db.oAuthToken.findMany();
    expect(rows.map((r) => r.tokenHash)).toContain(sha(tokens.access_token));
    expect(JSON.stringify(rows)).not.toContain(tokens.access_token);
    expect(JSON.stringify(rows)).not.toContain(tokens.refresh_token!);
  });

  test("lists the same tools as `statline mcp`; results equal the same /v1 requests, metered as the key", async () => {
    client = new Client({ name: "remote-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
    open.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());

    const standings = await client.callTool({
      name: "get_standings",
      arguments: { competition: String(fx.ids.league) },
    });
    expect(standings.isError).toBeFalsy();
    expect((standings.structuredContent as { data: unknown }).data).toEqual(
      await v1(`/v1/standings?competition=${fx.ids.league}`),
    );
    const persons = await client.callTool({ name: "search_persons", arguments: { q: "mbappe" } });
    expect((persons.structuredContent as { data: unknown }).data).toEqual(await v1("/v1/persons?q=mbappe"));

    // Out of the approved scopes: the key's 403, as a tool error (the session goes on).
    const odds = await client.callTool({
      name: "contest_odds_history",
      arguments: { id: String(fx.ids.oddsContest) },
    });
    expect(odds.isError).toBe(true);
    expect(JSON.stringify(odds.content)).toContain("FORBIDDEN");

    // The calls were /v1 requests of the connection's own key (request log, metering).
    const grant = await fx.db.oAuthGrant.findFirstOrThrow({
      where: { clientId: provider.client!.client_id },
    });
    const apiKey = await fx.db.apiKey.findUniqueOrThrow({ where: { id: grant.apiKeyId! } });
    expect(apiKey.scopes).toBe("competitions,persons,teams");
    await expect
      .poll(async () => fx.db.requestLog.count({ where: { keyPrefix: apiKey.prefix } }), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
  });

  test("Connected apps lists it; Revoke (CSRF) makes its next call 401 and its refresh token dead", async () => {
    const list = await approver.browser.get("/api/dashboard/connected-apps");
    const apps = (
      (await list.json()) as {
        data: { id: string; clientName: string; scopes: string[]; lastUsedAt: string | null }[];
      }
    ).data;
    const mine = apps.find((a) => a.clientName === "Claude-like client")!;
    expect(mine.scopes).toEqual(["competitions", "persons", "teams"]);
    expect(mine.lastUsedAt).not.toBeNull();

    const revokeUrl = `/api/dashboard/connected-apps/${mine.id}/revoke`;
    const forged = await approver.browser.request(revokeUrl, {
      method: "POST",
      headers: { origin: app.baseUrl },
    });
    expect(forged.status).toBe(403);
    const done = await approver.browser.request(revokeUrl, {
      method: "POST",
      headers: { origin: app.baseUrl, "x-csrf-token": csrfTokenFor(approver.user.id) },
    });
    expect(done.status).toBe(200);

    const after = await rawMcp(app.baseUrl, provider.saved!.access_token);
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain(
      `resource_metadata="${app.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    await expect(client.callTool({ name: "list_competitions", arguments: {} })).rejects.toThrow();
    const refresh = await tokenRequest(app.baseUrl, {
      grant_type: "refresh_token",
      client_id: provider.client!.client_id,
      refresh_token: provider.saved!.refresh_token!,
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe("invalid_grant");
  });
});

describe("discovery documents and the resource's 401", () => {
  test("RFC 9728 and RFC 8414 metadata; 401 without a token names the resource metadata", async () => {
    for (const p of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const prm = await (await fetch(`${app.baseUrl}${p}`)).json();
      expect(prm).toMatchObject({ resource: `${app.baseUrl}/mcp`, authorization_servers: [app.baseUrl] });
    }
    const as = await (await fetch(`${app.baseUrl}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: app.baseUrl,
      code_challenge_methods_supported: ["S256"],
      registration_endpoint: `${app.baseUrl}/oauth/register`,
      token_endpoint_auth_methods_supported: ["none"],
      client_id_metadata_document_supported: false,
    });
    const res = await rawMcp(app.baseUrl, null);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer .*resource_metadata="[^"]+\/mcp"/);
  });
});

describe("refused per the RFCs", () => {
  test("/v1 accepts API keys only: an access token is a 401 there", async () => {
    const { tokens } = await connectRaw();
    const r = await call(app.baseUrl, "/v1/competitions", { key: tokens.access_token });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("UNAUTHORIZED");
    expect((await rawMcp(app.baseUrl, tokens.access_token)).status).toBe(200);
  });

  test("an unregistered client: 400 invalid_client, never a redirect", async () => {
    const ghost = `oc_${"A".repeat(32)}`;
    const { challenge } = pkce();
    const r = await approver.authorize(
      authorizeUrl(app.baseUrl, { client_id: ghost, redirect_uri: REDIRECT, code_challenge: challenge }),
    );
    expect(r.status).toBe(400);
    expect(r.location).toBeNull();
    expect(JSON.parse(r.body).error).toBe("invalid_client");
    const t = await tokenRequest(app.baseUrl, {
      grant_type: "authorization_code",
      client_id: ghost,
      code: "x",
      code_verifier: "y",
    });
    expect(t.body.error).toBe("invalid_client");
  });

  test("a redirect URI that is not exactly a registered one (even another loopback port): 400, no redirect", async () => {
    const reg = await register(app.baseUrl);
    const { challenge } = pkce();
    for (const redirect of [
      "http://127.0.0.1:53683/callback",
      `${REDIRECT}/x`,
      `${REDIRECT}?a=1`,
      "https://evil.example/cb",
    ]) {
      const r = await approver.authorize(
        authorizeUrl(app.baseUrl, {
          client_id: reg.body.client_id as string,
          redirect_uri: redirect,
          code_challenge: challenge,
        }),
      );
      expect(r.status, redirect).toBe(400);
      expect(r.location).toBeNull();
      expect(JSON.parse(r.body).error).toBe("invalid_request");
    }
  });

  test("PKCE plain (or none) is refused: the error goes back to the client, no request is created", async () => {
    const reg = await register(app.baseUrl);
    const before = await fx.db.oAuthGrant.count();
    const { verifier } = pkce();
    const plain = await approver.authorize(
      authorizeUrl(app.baseUrl, {
        client_id: reg.body.client_id as string,
        redirect_uri: REDIRECT,
        code_challenge: verifier,
        code_challenge_method: "plain",
        state: "p",
      }),
    );
    expect(plain.status).toBe(302);
    const to = new URL(plain.location!);
    expect(to.origin + to.pathname).toBe(REDIRECT);
    expect(to.searchParams.get("error")).toBe("invalid_request");
    expect(to.searchParams.get("state")).toBe("p");
    const none = new URL(`${app.baseUrl}/oauth/authorize`);
    none.search = new URLSearchParams({
      response_type: "code",
      client_id: reg.body.client_id as string,
      redirect_uri: REDIRECT,
    }).toString();
    const missing = await approver.authorize(none);
    expect(new URL(missing.location!).searchParams.get("error")).toBe("invalid_request");
    expect(await fx.db.oAuthGrant.count()).toBe(before);
  });

  test("a wrong code_verifier is invalid_grant; a replayed code revokes what the first use issued", async () => {
    const c = await connectRaw();
    const wrong = await c.exchange(pkce().verifier);
    expect(wrong.body.error).toBe("invalid_grant");
    const replay = await c.exchange();
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    expect((await rawMcp(app.baseUrl, c.tokens.access_token)).status).toBe(401);
    const grant = await fx.db.oAuthGrant.findFirstOrThrow({ where: { clientId: c.clientId } });
    expect(grant.status).toBe("revoked");
    expect(
      (await fx.db.apiKey.findUniqueOrThrow({ where: { id: grant.apiKeyId! } })).revokedAt,
    ).not.toBeNull();
  });

  test("refresh tokens rotate; replaying a used one revokes the whole family", async () => {
    const c = await connectRaw();
    const refresh = (t: string) =>
      tokenRequest(app.baseUrl, { grant_type: "refresh_token", client_id: c.clientId, refresh_token: t });
    const second = await refresh(c.tokens.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(c.tokens.refresh_token);
    expect((await rawMcp(app.baseUrl, second.body.access_token)).status).toBe(200);

    const replay = await refresh(c.tokens.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    expect((await rawMcp(app.baseUrl, second.body.access_token)).status).toBe(401);
    expect((await refresh(second.body.refresh_token)).body.error).toBe("invalid_grant");
  });

  test("another audience: refused at authorize and token (invalid_target), and a token for it is a 401 at /mcp", async () => {
    const reg = await register(app.baseUrl);
    const { challenge } = pkce();
    const r = await approver.authorize(
      authorizeUrl(app.baseUrl, {
        client_id: reg.body.client_id as string,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        resource: "https://other.example/mcp",
      }),
    );
    expect(new URL(r.location!).searchParams.get("error")).toBe("invalid_target");

    const c = await connectRaw();
    const atToken = await tokenRequest(app.baseUrl, {
      grant_type: "refresh_token",
      client_id: c.clientId,
      refresh_token: c.tokens.refresh_token,
      resource: "https://other.example/mcp",
    });
    expect(atToken.body.error).toBe("invalid_target");
    // A grant whose audience is another resource (e.g. this server's URL changed): its fresh token is refused.
    await fx.db.oAuthGrant.updateMany({
      where: { clientId: c.clientId },
      data: { resource: "https://other.example/mcp" },
    });
    const fresh = await tokenRequest(app.baseUrl, {
      grant_type: "refresh_token",
      client_id: c.clientId,
      refresh_token: c.tokens.refresh_token,
    });
    expect(fresh.status).toBe(200);
    const res = await rawMcp(app.baseUrl, fresh.body.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  test("an expired access token is a 401 invalid_token", async () => {
    const c = await connectRaw();
    await fx.db.oAuthToken.update({
      where: { tokenHash: sha(c.tokens.access_token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await rawMcp(app.baseUrl, c.tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("expired");
  });

  test("denied consent goes back as access_denied; a consent post without the CSRF token is refused", async () => {
    const reg = await register(app.baseUrl);
    const { challenge } = pkce();
    const sent = await approver.authorize(
      authorizeUrl(app.baseUrl, {
        client_id: reg.body.client_id as string,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
      }),
    );
    const request = new URL(sent.location!, app.baseUrl).searchParams.get("request")!;
    const forged = await approver.browser.request("/api/oauth/consent", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
      body: new URLSearchParams({
        csrf_token: "nope",
        request,
        decision: "approve",
        scope: "teams",
      }).toString(),
    });
    expect(forged.status).toBe(403);
    const denied = await approver.decide(sent.location!, "deny");
    expect(denied.redirect!.searchParams.get("error")).toBe("access_denied");
    expect((await approver.decide(sent.location!, "approve")).status).toBe(409);
  });

  test("bad bodies and sessions at /mcp are JSON-RPC errors, not 500s", async () => {
    const { tokens } = await connectRaw();
    const broken = await rawMcp(app.baseUrl, tokens.access_token, "{not json");
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.text).error.code).toBe(-32700);
    const noSession = await rawMcp(app.baseUrl, tokens.access_token, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/list",
    });
    expect(noSession.status).toBe(400);
    const unknown = await rawMcp(
      app.baseUrl,
      tokens.access_token,
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      "nope",
    );
    expect(unknown.status).toBe(404);
    // A session belongs to the connection that opened it.
    const opened = await rawMcp(app.baseUrl, tokens.access_token);
    const sid = opened.headers.get("mcp-session-id")!;
    const other = await connectRaw("Other client");
    const stolen = await rawMcp(
      app.baseUrl,
      other.tokens.access_token,
      { jsonrpc: "2.0", id: 3, method: "tools/list" },
      sid,
    );
    expect(stolen.status).toBe(404);
  });

  test("hostile registrations are refused with invalid_client_metadata and bounded", async () => {
    for (const meta of [
      { redirect_uris: ["http://evil.example/cb"] },
      { redirect_uris: ["javascript:alert(1)"] },
      { redirect_uris: [] },
      { redirect_uris: Array.from({ length: 11 }, (_, i) => `http://127.0.0.1:${5000 + i}/cb`) },
      { grant_types: ["client_credentials"] },
    ]) {
      const r = await register(app.baseUrl, meta);
      expect(r.status, JSON.stringify(meta)).toBe(400);
      expect(r.body.error).toBe("invalid_client_metadata");
    }
    const long = await register(app.baseUrl, { client_name: "x".repeat(10_000) });
    expect(long.status).toBe(201);
    expect((long.body.client_name as string).length).toBe(100);
    expect(long.body.client_secret).toBeUndefined();
  });

  test("registration is rate-limited per address (OAUTH_REGISTER_LIMIT_PER_HOUR)", async () => {
    let accepted = 0;
    let refused: { status: number; body: Record<string, unknown> } | null = null;
    for (let i = 0; i < REGISTER_LIMIT + 1 && !refused; i++) {
      const r = await register(app.baseUrl);
      if (r.status === 429) refused = r;
      else accepted++;
    }
    expect(refused?.body.error).toBe("too_many_requests");
    expect(accepted).toBeLessThan(REGISTER_LIMIT);
  });
});
