import { describe, expect, test } from "vitest";
import { call } from "../support/api";
import { connectRaw as connectRawOf, setupOAuthApp, sha } from "./oauth-app";
import { authorizeUrl, pkce, rawMcp, REDIRECT, register, tokenRequest } from "./oauth-support";

// What /mcp and its authorization server refuse (RFC 6749, 6750, 7591, 7636, 8707, OAuth 2.1),
// against a real server; each refusal is the RFC's error, never a 500.
const REGISTER_LIMIT = 25;
const ctx = setupOAuthApp({ OAUTH_REGISTER_LIMIT_PER_HOUR: String(REGISTER_LIMIT) });
const connectRaw = (name?: string) => connectRawOf(ctx, name);

describe("refused per the RFCs", () => {
  test("/v1 accepts API keys only: an access token is a 401 there", async () => {
    const { tokens } = await connectRaw();
    const r = await call(ctx.app.baseUrl, "/v1/competitions", { key: tokens.access_token });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("UNAUTHORIZED");
    expect((await rawMcp(ctx.app.baseUrl, tokens.access_token)).status).toBe(200);
  });

  test("an unregistered client: 400 invalid_client, never a redirect", async () => {
    const ghost = `oc_${"A".repeat(32)}`;
    const { challenge } = pkce();
    const r = await ctx.approver.authorize(
      authorizeUrl(ctx.app.baseUrl, { client_id: ghost, redirect_uri: REDIRECT, code_challenge: challenge }),
    );
    expect(r.status).toBe(400);
    expect(r.location).toBeNull();
    expect(JSON.parse(r.body).error).toBe("invalid_client");
    const t = await tokenRequest(ctx.app.baseUrl, {
      grant_type: "authorization_code",
      client_id: ghost,
      code: "x",
      code_verifier: "y",
    });
    expect(t.body.error).toBe("invalid_client");
  });

  test("a redirect URI that is not a registered one (another loopback port aside): 400, no redirect", async () => {
    const reg = await register(ctx.app.baseUrl);
    const { challenge } = pkce();
    for (const redirect of [`${REDIRECT}/x`, `${REDIRECT}?a=1`, "https://evil.example/cb"]) {
      const r = await ctx.approver.authorize(
        authorizeUrl(ctx.app.baseUrl, {
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
    const reg = await register(ctx.app.baseUrl);
    const before = await ctx.fx.db.oAuthGrant.count();
    const { verifier } = pkce();
    const plain = await ctx.approver.authorize(
      authorizeUrl(ctx.app.baseUrl, {
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
    const none = new URL(`${ctx.app.baseUrl}/oauth/authorize`);
    none.search = new URLSearchParams({
      response_type: "code",
      client_id: reg.body.client_id as string,
      redirect_uri: REDIRECT,
    }).toString();
    const missing = await ctx.approver.authorize(none);
    expect(new URL(missing.location!).searchParams.get("error")).toBe("invalid_request");
    expect(await ctx.fx.db.oAuthGrant.count()).toBe(before);
  });

  test("a wrong code_verifier is invalid_grant; a replayed code revokes what the first use issued", async () => {
    const c = await connectRaw();
    const wrong = await c.exchange(pkce().verifier);
    expect(wrong.body.error).toBe("invalid_grant");
    const replay = await c.exchange();
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    expect((await rawMcp(ctx.app.baseUrl, c.tokens.access_token)).status).toBe(401);
    const grant = await ctx.fx.db.oAuthGrant.findFirstOrThrow({ where: { clientId: c.clientId } });
    expect(grant.status).toBe("revoked");
    expect(
      (await ctx.fx.db.apiKey.findUniqueOrThrow({ where: { id: grant.apiKeyId! } })).revokedAt,
    ).not.toBeNull();
  });

  test("refresh tokens rotate; replaying a used one after the grace revokes the whole family", async () => {
    const c = await connectRaw();
    const refresh = (t: string) =>
      tokenRequest(ctx.app.baseUrl, { grant_type: "refresh_token", client_id: c.clientId, refresh_token: t });
    const second = await refresh(c.tokens.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(c.tokens.refresh_token);
    expect((await rawMcp(ctx.app.baseUrl, second.body.access_token)).status).toBe(200);

    // Past the grace a just-replaced token has (oauthConfig.refreshGraceMs, 30 s).
    await ctx.fx.db.oAuthToken.update({
      where: { tokenHash: sha(c.tokens.refresh_token) },
      data: { usedAt: new Date(Date.now() - 31_000) },
    });
    const replay = await refresh(c.tokens.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    expect((await rawMcp(ctx.app.baseUrl, second.body.access_token)).status).toBe(401);
    expect((await refresh(second.body.refresh_token)).body.error).toBe("invalid_grant");
  });

  test("another audience: refused at authorize and token (invalid_target), and a token for it is a 401 at /mcp", async () => {
    const reg = await register(ctx.app.baseUrl);
    const { challenge } = pkce();
    const r = await ctx.approver.authorize(
      authorizeUrl(ctx.app.baseUrl, {
        client_id: reg.body.client_id as string,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        resource: "https://other.example/mcp",
      }),
    );
    expect(new URL(r.location!).searchParams.get("error")).toBe("invalid_target");

    const c = await connectRaw();
    const atToken = await tokenRequest(ctx.app.baseUrl, {
      grant_type: "refresh_token",
      client_id: c.clientId,
      refresh_token: c.tokens.refresh_token,
      resource: "https://other.example/mcp",
    });
    expect(atToken.body.error).toBe("invalid_target");
    // A grant whose audience is another resource (e.g. this server's URL changed): its fresh token is refused.
    await ctx.fx.db.oAuthGrant.updateMany({
      where: { clientId: c.clientId },
      data: { resource: "https://other.example/mcp" },
    });
    const fresh = await tokenRequest(ctx.app.baseUrl, {
      grant_type: "refresh_token",
      client_id: c.clientId,
      refresh_token: c.tokens.refresh_token,
    });
    expect(fresh.status).toBe(200);
    const res = await rawMcp(ctx.app.baseUrl, fresh.body.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  test("an expired access token is a 401 invalid_token", async () => {
    const c = await connectRaw();
    await ctx.fx.db.oAuthToken.update({
      where: { tokenHash: sha(c.tokens.access_token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await rawMcp(ctx.app.baseUrl, c.tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("expired");
  });

  test("denied consent goes back as access_denied; a consent post without the CSRF token is refused", async () => {
    const reg = await register(ctx.app.baseUrl);
    const { challenge } = pkce();
    const sent = await ctx.approver.authorize(
      authorizeUrl(ctx.app.baseUrl, {
        client_id: reg.body.client_id as string,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
      }),
    );
    const request = new URL(sent.location!, ctx.app.baseUrl).searchParams.get("request")!;
    const forged = await ctx.approver.browser.request("/api/oauth/consent", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ctx.app.baseUrl },
      body: new URLSearchParams({
        csrf_token: "nope",
        request,
        decision: "approve",
        scope: "teams",
      }).toString(),
    });
    expect(forged.status).toBe(403);
    const denied = await ctx.approver.decide(sent.location!, "deny");
    expect(denied.redirect!.searchParams.get("error")).toBe("access_denied");
    expect((await ctx.approver.decide(sent.location!, "approve")).status).toBe(409);
  });

  test("bad bodies and sessions at /mcp are JSON-RPC errors, not 500s", async () => {
    const { tokens } = await connectRaw();
    const broken = await rawMcp(ctx.app.baseUrl, tokens.access_token, "{not json");
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.text).error.code).toBe(-32700);
    const noSession = await rawMcp(ctx.app.baseUrl, tokens.access_token, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/list",
    });
    expect(noSession.status).toBe(400);
    const unknown = await rawMcp(
      ctx.app.baseUrl,
      tokens.access_token,
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      "nope",
    );
    expect(unknown.status).toBe(404);
    // A session belongs to the connection that opened it.
    const opened = await rawMcp(ctx.app.baseUrl, tokens.access_token);
    const sid = opened.headers.get("mcp-session-id")!;
    const other = await connectRaw("Other client");
    const stolen = await rawMcp(
      ctx.app.baseUrl,
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
      const r = await register(ctx.app.baseUrl, meta);
      expect(r.status, JSON.stringify(meta)).toBe(400);
      expect(r.body.error).toBe("invalid_client_metadata");
    }
    const long = await register(ctx.app.baseUrl, { client_name: "x".repeat(10_000) });
    expect(long.status).toBe(201);
    expect((long.body.client_name as string).length).toBe(100);
    expect(long.body.client_secret).toBeUndefined();
  });

  test("registration is rate-limited per address (OAUTH_REGISTER_LIMIT_PER_HOUR)", async () => {
    let accepted = 0;
    let refused: { status: number; body: Record<string, unknown> } | null = null;
    for (let i = 0; i < REGISTER_LIMIT + 1 && !refused; i++) {
      const r = await register(ctx.app.baseUrl);
      if (r.status === 429) refused = r;
      else accepted++;
    }
    expect(refused?.body.error).toBe("too_many_requests");
    expect(accepted).toBeLessThan(REGISTER_LIMIT);
  });
});
