import { createHash, randomBytes } from "node:crypto";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { SignInClient } from "../accounts/support";
import { csrfTokenFor } from "../../lib/auth/csrf";

// The server's secret as tests/support/app.ts starts it: CSRF tokens are derived from it.
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

export const REDIRECT = "http://127.0.0.1:53682/callback";

/** An MCP client's OAuth state in memory, as a desktop client keeps it; the "browser" is the test. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authUrl?: URL;
  /** Set: the client identifies itself by this metadata document URL instead of registering. */
  clientMetadataUrl?: string;
  constructor(
    readonly name = "Test MCP client",
    readonly redirect = REDIRECT,
  ) {}
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      client_uri: "https://client.example/",
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** A signed-in dashboard user who answers consent pages over HTTP, as the form does. */
export class Approver {
  readonly browser: SignInClient;
  constructor(
    readonly baseUrl: string,
    readonly user: { id: string; email: string; password: string },
  ) {
    this.browser = new SignInClient(baseUrl);
  }
  async signIn() {
    const res = await this.browser.credentials(this.user.email, this.user.password);
    if (!this.browser.sessionCookie()) throw new Error(`sign-in failed: ${res.status}`);
  }
  /** GET /oauth/authorize with the browser; returns where it was sent (consent page or an error redirect). */
  async authorize(url: URL | string): Promise<{ status: number; location: string | null; body: string }> {
    const res = await this.browser.get(String(url).replace(/^https?:\/\/[^/]+/, ""));
    return { status: res.status, location: res.headers.get("location"), body: await res.text() };
  }
  /** Answers the consent form; returns the redirect it sends the browser on to. */
  async decide(
    consentUrl: string,
    decision: "approve" | "deny",
    fields: Record<string, string | string[]> = {},
  ) {
    const request = new URL(consentUrl, this.baseUrl).searchParams.get("request") ?? "";
    const form = new URLSearchParams({ csrf_token: csrfTokenFor(this.user.id), request, decision });
    const scopes = fields.scope ?? [
      "competitions",
      "contests",
      "persons",
      "teams",
      "odds",
      "analysis",
      "events",
    ];
    for (const s of scopes) form.append("scope", s);
    for (const [k, v] of Object.entries(fields)) if (k !== "scope" && typeof v === "string") form.set(k, v);
    const res = await this.browser.request("/api/oauth/consent", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: this.baseUrl },
      body: form.toString(),
    });
    const html = await res.text();
    const href = /<a id="continue" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    return { status: res.status, html, redirect: href ? new URL(href) : null };
  }
}

export async function register(baseUrl: string, meta: Record<string, unknown> = {}) {
  const res = await fetch(`${baseUrl}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "Raw client",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
      ...meta,
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function tokenRequest(baseUrl: string, form: Record<string, string>) {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

export function authorizeUrl(baseUrl: string, params: Record<string, string>) {
  const u = new URL(`${baseUrl}/oauth/authorize`);
  for (const [k, v] of Object.entries({ response_type: "code", code_challenge_method: "S256", ...params }))
    u.searchParams.set(k, v);
  return u;
}

/** A JSON-RPC call straight to /mcp with a bearer token (no SDK): for status codes and headers. */
export async function rawMcp(
  baseUrl: string,
  token: string | null,
  body: unknown = initialize(),
  session?: string,
) {
  const res = await fetch(`${baseUrl}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(session ? { "mcp-session-id": session } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

export const initialize = () => ({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});
