import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, test } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { TOOLS } from "../../lib/mcp/tools";
import { setupOAuthApp, sha, v1 as v1Of } from "./oauth-app";
import { MemoryOAuthProvider, rawMcp, REDIRECT, tokenRequest } from "./oauth-support";

// Remote MCP (/mcp, Streamable HTTP) with OAuth 2.1, against a real server: the MCP SDK's own client
// and OAuth client provider find everything from the URL alone; the consent form is answered over
// HTTP with a signed-in session, as the browser would. Tool results are checked against /v1.
const ctx = setupOAuthApp();
const v1 = (p: string) => v1Of(ctx, p);
const mcpUrl = () => new URL(`${ctx.app.baseUrl}/mcp`);

describe("an MCP client adds Statline by URL alone", () => {
  const provider = new MemoryOAuthProvider("Claude-like client");
  let client: Client;

  test("discovery and registration lead to the consent page; approving it yields tokens", async () => {
    const first = new Client({ name: "remote-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toMatch(/^oc_[0-9A-Za-z]{32}$/);
    const authUrl = provider.authUrl!;
    expect(authUrl.origin + authUrl.pathname).toBe(`${ctx.app.baseUrl}/oauth/authorize`);
    expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authUrl.searchParams.get("resource")).toBe(`${ctx.app.baseUrl}/mcp`);

    const sent = await ctx.approver.authorize(authUrl);
    expect(sent.status).toBe(302);
    expect(sent.location).toMatch(/\/oauth\/consent\?request=og_[0-9A-Za-z]{32}$/);
    const page = await ctx.approver.browser.get(
      new URL(sent.location!).pathname + new URL(sent.location!).search,
    );
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Claude-like client");
    expect(html).toContain("https://client.example/");
    expect(html).toContain("127.0.0.1:53682");
    expect(html).toContain("unverified");

    const decided = await ctx.approver.decide(sent.location!, "approve", {
      scope: ["competitions", "persons", "teams"],
    });
    expect(decided.status).toBe(200);
    const back = decided.redirect!;
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("iss")).toBe(ctx.app.baseUrl);
    if (authUrl.searchParams.get("state"))
      expect(back.searchParams.get("state")).toBe(authUrl.searchParams.get("state"));
    await transport.finishAuth(back.searchParams.get("code")!);

    const tokens = provider.saved!;
    expect(tokens.access_token).toMatch(/^slat_/);
    expect(tokens.refresh_token).toMatch(/^slrt_/);
    expect(tokens.scope).toBe("competitions persons teams");
    // Only hashes are stored.
    const rows = await ctx.fx.db.oAuthToken.findMany();
    expect(rows.map((r) => r.tokenHash)).toContain(sha(tokens.access_token));
    expect(JSON.stringify(rows)).not.toContain(tokens.access_token);
    expect(JSON.stringify(rows)).not.toContain(tokens.refresh_token!);
  });

  test("lists the same tools as `statline mcp`; results equal the same /v1 requests, metered as the key", async () => {
    client = new Client({ name: "remote-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
    ctx.open.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());

    const standings = await client.callTool({
      name: "get_standings",
      arguments: { competition: String(ctx.fx.ids.league) },
    });
    expect(standings.isError).toBeFalsy();
    expect((standings.structuredContent as { data: unknown }).data).toEqual(
      await v1(`/v1/standings?competition=${ctx.fx.ids.league}`),
    );
    const persons = await client.callTool({ name: "search_persons", arguments: { q: "mbappe" } });
    expect((persons.structuredContent as { data: unknown }).data).toEqual(await v1("/v1/persons?q=mbappe"));

    // Out of the approved scopes: HTTP 403 insufficient_scope before the tool runs (this SDK
    // client refreshes, gets the same scopes and gives up; tests/mcp/oauth-clients.test.ts has the
    // client that re-authorizes). The session goes on.
    await expect(
      client.callTool({ name: "contest_odds_history", arguments: { id: String(ctx.fx.ids.oddsContest) } }),
    ).rejects.toThrow(/403/);
    expect((await client.callTool({ name: "list_teams", arguments: {} })).isError).toBeFalsy();

    // The calls were /v1 requests of the connection's own key (request log, metering).
    const grant = await ctx.fx.db.oAuthGrant.findFirstOrThrow({
      where: { clientId: provider.client!.client_id },
    });
    const apiKey = await ctx.fx.db.apiKey.findUniqueOrThrow({ where: { id: grant.apiKeyId! } });
    expect(apiKey.scopes).toBe("competitions,persons,teams");
    await expect
      .poll(async () => ctx.fx.db.requestLog.count({ where: { keyPrefix: apiKey.prefix } }), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(3);
  });

  test("Connected apps lists it; Revoke (CSRF) makes its next call 401 and its refresh token dead", async () => {
    const list = await ctx.approver.browser.get("/api/dashboard/connected-apps");
    const apps = (
      (await list.json()) as {
        data: { id: string; clientName: string; scopes: string[]; lastUsedAt: string | null }[];
      }
    ).data;
    const mine = apps.find((a) => a.clientName === "Claude-like client")!;
    expect(mine.scopes).toEqual(["competitions", "persons", "teams"]);
    expect(mine.lastUsedAt).not.toBeNull();

    const revokeUrl = `/api/dashboard/connected-apps/${mine.id}/revoke`;
    const forged = await ctx.approver.browser.request(revokeUrl, {
      method: "POST",
      headers: { origin: ctx.app.baseUrl },
    });
    expect(forged.status).toBe(403);
    const done = await ctx.approver.browser.request(revokeUrl, {
      method: "POST",
      headers: { origin: ctx.app.baseUrl, "x-csrf-token": csrfTokenFor(ctx.approver.user.id) },
    });
    expect(done.status).toBe(200);

    const after = await rawMcp(ctx.app.baseUrl, provider.saved!.access_token);
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain(
      `resource_metadata="${ctx.app.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    await expect(client.callTool({ name: "list_competitions", arguments: {} })).rejects.toThrow();
    const refresh = await tokenRequest(ctx.app.baseUrl, {
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
      const prm = await (await fetch(`${ctx.app.baseUrl}${p}`)).json();
      expect(prm).toMatchObject({
        resource: `${ctx.app.baseUrl}/mcp`,
        authorization_servers: [ctx.app.baseUrl],
      });
    }
    const as = await (await fetch(`${ctx.app.baseUrl}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: ctx.app.baseUrl,
      code_challenge_methods_supported: ["S256"],
      registration_endpoint: `${ctx.app.baseUrl}/oauth/register`,
      token_endpoint_auth_methods_supported: ["none"],
      client_id_metadata_document_supported: true,
    });
    const preflight = await fetch(`${ctx.app.baseUrl}/mcp`, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Mcp-Session-Id");
    const res = await rawMcp(ctx.app.baseUrl, null);
    expect(res.status).toBe(401);
    expect(res.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer .*resource_metadata="[^"]+\/mcp"/);
  });
});
