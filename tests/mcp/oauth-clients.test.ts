import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientProvider,
} from "@modelcontextprotocol/client";
import { describe, expect, test } from "vitest";
import { FIRST_SCOPES } from "../../lib/mcp/http/scopes";
import { connectRaw, setupOAuthApp, sha } from "./oauth-app";
import { authorizeUrl, MemoryOAuthProvider, pkce, rawMcp, register, tokenRequest } from "./oauth-support";

// What MCP clients rely on, checked with the official MCP SDK client (@modelcontextprotocol/client,
// which re-authorizes on 403 insufficient_scope with the union of held and challenged scopes):
// scope in every challenge, step-up on a missing scope, loopback redirects on any port, the grace
// of a just-rotated refresh token and the revocation bound.
const ctx = setupOAuthApp();
const mcpUrl = () => new URL(`${ctx.app.baseUrl}/mcp`);

const toolCall = (name: string, args: Record<string, string>) => ({
  jsonrpc: "2.0",
  id: 7,
  method: "tools/call",
  params: { name, arguments: args },
});
const param = (header: string | null, name: string) =>
  new RegExp(`${name}="([^"]*)"`).exec(header ?? "")?.[1] ?? null;

describe("scopes as MCP clients expect them", () => {
  test("the 401 challenge names the scopes to ask for first", async () => {
    const r = await rawMcp(ctx.app.baseUrl, null);
    expect(r.status).toBe(401);
    const header = r.headers.get("www-authenticate");
    expect(param(header, "scope")).toBe(FIRST_SCOPES.join(" "));
    expect(param(header, "resource_metadata")).toBe(
      `${ctx.app.baseUrl}/.well-known/oauth-protected-resource/mcp`,
    );
  });

  test("a token for one scope gets 403 insufficient_scope naming the missing one, re-authorizes and succeeds", async () => {
    const provider = new MemoryOAuthProvider("Step-up client");
    const connectNew = () => {
      const client = new Client({ name: "step-up", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(mcpUrl(), {
        authProvider: provider as unknown as OAuthClientProvider,
      });
      return { client, transport, connected: client.connect(transport) };
    };
    const first = connectNew();
    await expect(first.connected).rejects.toBeInstanceOf(UnauthorizedError);
    // The client asked for what the challenge named, not for every scope the server lists.
    expect(provider.authUrl!.searchParams.get("scope")).toBe(FIRST_SCOPES.join(" "));
    const sent = await ctx.approver.authorize(provider.authUrl!);
    const approved = await ctx.approver.decide(sent.location!, "approve", { scope: ["teams"] });
    await first.transport.finishAuth(approved.redirect!.searchParams);
    expect(provider.saved!.scope).toBe("teams");
    const { client, transport, connected } = connectNew();
    await connected;
    const teams = await client.callTool({ name: "list_teams", arguments: {} });
    expect(teams.isError).toBeFalsy();

    // Raw: the same token on a persons tool is an HTTP 403 naming the missing scope.
    const raw = await rawMcp(
      ctx.app.baseUrl,
      provider.saved!.access_token,
      toolCall("search_persons", { q: "mbappe" }),
      transport.sessionId,
    );
    expect(raw.status).toBe(403);
    const header = raw.headers.get("www-authenticate");
    expect(param(header, "error")).toBe("insufficient_scope");
    expect(param(header, "scope")).toBe("persons teams");
    expect(JSON.parse(raw.text).error.message).toContain("'persons'");

    // The SDK client: the 403 sends the user to consent again, for the held scopes plus the missing one.
    provider.authUrl = undefined;
    await expect(
      client.callTool({ name: "search_persons", arguments: { q: "mbappe" } }),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authUrl!.searchParams.get("scope")!.split(" ").sort()).toEqual(["persons", "teams"]);
    const again = await ctx.approver.authorize(provider.authUrl!);
    const reapproved = await ctx.approver.decide(again.location!, "approve", { scope: ["persons", "teams"] });
    await transport.finishAuth(reapproved.redirect!.searchParams);
    // The same session goes on with the new token (same client, same account).
    const persons = await client.callTool({ name: "search_persons", arguments: { q: "mbappe" } });
    expect(persons.isError).toBeFalsy();
    expect((persons.structuredContent as { data: { total: number } }).data.total).toBeGreaterThan(0);
    await client.close();
  });
});

describe("loopback redirects on any port (RFC 8252 §7.3)", () => {
  test("a client registered with one loopback port is sent back to another without registering again", async () => {
    const reg = await register(ctx.app.baseUrl, { redirect_uris: ["http://127.0.0.1:40001/callback"] });
    const clientId = reg.body.client_id as string;
    const { verifier, challenge } = pkce();
    const redirect = "http://127.0.0.1:51234/callback";
    const sent = await ctx.approver.authorize(
      authorizeUrl(ctx.app.baseUrl, {
        client_id: clientId,
        redirect_uri: redirect,
        code_challenge: challenge,
      }),
    );
    expect(sent.status).toBe(302);
    const decided = await ctx.approver.decide(sent.location!, "approve");
    expect(decided.redirect!.origin + decided.redirect!.pathname).toBe(redirect);
    const t = await tokenRequest(ctx.app.baseUrl, {
      grant_type: "authorization_code",
      client_id: clientId,
      code: decided.redirect!.searchParams.get("code")!,
      code_verifier: verifier,
      redirect_uri: redirect,
    });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    // Only the port may differ: another path or host is still refused, and without a redirect.
    for (const other of ["http://127.0.0.1:51234/other", "http://localhost:51234/callback"]) {
      const r = await ctx.approver.authorize(
        authorizeUrl(ctx.app.baseUrl, {
          client_id: clientId,
          redirect_uri: other,
          code_challenge: challenge,
        }),
      );
      expect(r.status, other).toBe(400);
      expect(r.location).toBeNull();
    }
  });
});

describe("refresh grace and revocation", () => {
  const refresh = (clientId: string, token: string) =>
    tokenRequest(ctx.app.baseUrl, { grant_type: "refresh_token", client_id: clientId, refresh_token: token });

  test("two refreshes at once both succeed; a reuse after the grace revokes the connection", async () => {
    const c = await connectRaw(ctx, "Two windows");
    const [a, b] = await Promise.all([
      refresh(c.clientId, c.tokens.refresh_token),
      refresh(c.clientId, c.tokens.refresh_token),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refresh_token).not.toBe(b.body.refresh_token);
    expect((await rawMcp(ctx.app.baseUrl, a.body.access_token)).status).toBe(200);
    expect((await rawMcp(ctx.app.baseUrl, b.body.access_token)).status).toBe(200);

    // The grace is over (30 s): the spent token's first use is moved back past it.
    await ctx.fx.db.oAuthToken.update({
      where: { tokenHash: sha(c.tokens.refresh_token) },
      data: { usedAt: new Date(Date.now() - 31_000) },
    });
    const late = await refresh(c.clientId, c.tokens.refresh_token);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe("invalid_grant");
    expect((await rawMcp(ctx.app.baseUrl, a.body.access_token)).status).toBe(401);
    expect((await refresh(c.clientId, b.body.refresh_token)).body.error).toBe("invalid_grant");
  });

  test("a revoked access token is refused at once, even right after a call cached it", async () => {
    const c = await connectRaw(ctx, "Revoker");
    const token = c.tokens.access_token;
    expect((await rawMcp(ctx.app.baseUrl, token)).status).toBe(200);
    const revoked = await fetch(`${ctx.app.baseUrl}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: c.clientId, token }).toString(),
    });
    expect(revoked.status).toBe(200);
    // No wait: the documented bound is "immediately on the instance that revoked it".
    expect((await rawMcp(ctx.app.baseUrl, token)).status).toBe(401);
  });
});
