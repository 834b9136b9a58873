import { AsyncLocalStorage } from "node:async_hooks";
import express, { type NextFunction, type Request, type Response } from "express";
import {
  authorizationHandler,
  redirectUriMatches,
} from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { metadataHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/metadata.js";
import { clientRegistrationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/register.js";
import { revocationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/revoke.js";
import { tokenHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/token.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import { clientIpFromChain } from "../../platform/client-ip";
import type { Db } from "../../platform/db";
import { READ_SCOPES } from "../../keys/scope-names";
import { logError } from "../../platform/log";
import { findClient } from "../../oauth/clients";
import { oauthConfig, oauthUrls, type OAuthUrls } from "../../oauth/config";
import { StatlineOAuthProvider } from "../../oauth/provider";
import { SharedWindowStore } from "./rate-store";
import { bearerWithScope, requireToolScopes } from "./scopes";
import { handleMcp } from "./sessions";

type WithIp = Request & { clientIp?: string; auth?: AuthInfo };

/** The caller's address by the rule every other route uses (TRUST_PROXY_HOPS, lib/platform/client-ip.ts). */
function ipOfRequest(req: Request): string {
  const peer = req.socket.remoteAddress ?? "";
  const forwarded = req.headers["x-forwarded-for"];
  const chain = typeof forwarded === "string" && forwarded ? `${forwarded}, ${peer}` : peer;
  return clientIpFromChain(chain) ?? "unknown";
}

export function authServerMetadata(urls: OAuthUrls): OAuthMetadata {
  const at = (path: string) => `${urls.issuer}${path}`;
  return {
    issuer: urls.issuer,
    authorization_endpoint: at("/oauth/authorize"),
    token_endpoint: at("/oauth/token"),
    registration_endpoint: at("/oauth/register"),
    revocation_endpoint: at("/oauth/revoke"),
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    scopes_supported: [...READ_SCOPES],
    service_documentation: at("/docs"),
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  };
}

export function resourceMetadata(urls: OAuthUrls): OAuthProtectedResourceMetadata {
  return {
    resource: urls.resource,
    authorization_servers: [urls.issuer],
    scopes_supported: [...READ_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "Statline",
    resource_documentation: `${urls.issuer}/docs`,
  };
}

/**
 * A registered redirect URI, matched exactly, except that a loopback one (127.0.0.1, [::1],
 * localhost) may differ in its port (RFC 8252 §7.3): a desktop client that takes a new port from
 * the OS each time needs no new registration. Scheme, host, path and query still match exactly.
 */
async function registeredRedirect(db: Db, req: Request, res: Response, next: NextFunction) {
  const params = (req.method === "POST" ? req.body : req.query) as Record<string, unknown> | undefined;
  const clientId = params?.client_id;
  const redirect = params?.redirect_uri;
  if (typeof clientId !== "string" || typeof redirect !== "string") return next();
  const client = await findClient(db, clientId);
  if (client && !client.redirect_uris.some((registered) => redirectUriMatches(redirect, registered))) {
    res.setHeader("Cache-Control", "no-store");
    res.status(400).json({ error: "invalid_request", error_description: "Unregistered redirect_uri" });
    return;
  }
  // RFC 7636 §4.4.1: S256 only. Answered here because the SDK's error redirect drops `state`
  // when the request fails its schema, and RFC 6749 §4.1.2.1 requires it back.
  if (client && (params?.code_challenge_method !== "S256" || typeof params?.code_challenge !== "string")) {
    const back = new URL(redirect);
    back.searchParams.set("error", "invalid_request");
    back.searchParams.set("error_description", "PKCE with code_challenge_method=S256 is required");
    if (typeof params?.state === "string") back.searchParams.set("state", params.state);
    res.setHeader("Cache-Control", "no-store");
    res.redirect(302, back.href);
    return;
  }
  next();
}

/**
 * /mcp (Streamable HTTP) and the OAuth 2.1 authorization server for it, from the MCP SDK's own
 * handlers (`@modelcontextprotocol/sdk/server/auth`, Express): metadata (RFC 8414, RFC 9728),
 * registration (RFC 7591, rate-limited per address), authorize, token and revocation (RFC 7009).
 */
export function createMcpApp(db: Db, opts: { fallbackOrigin: string; version: string }) {
  const urls = oauthUrls(opts.fallbackOrigin);
  const context = new AsyncLocalStorage<{ ip: string }>();
  const provider = new StatlineOAuthProvider(db, urls, () => context.getStore()?.ip ?? "unknown");
  // Per client address and endpoint, counted in Redis when REDIS_URL is set (every instance).
  const limit = (name: string, max: number, windowMs: number) => ({
    windowMs,
    limit: max,
    keyGenerator: (req: Request) => (req as WithIp).clientIp ?? "unknown",
    store: new SharedWindowStore(`oauth:${name}:`),
    validate: false,
  });
  const perQuarterHour = oauthConfig.endpointLimitPer15Minutes();
  const app = express();
  app.disable("x-powered-by");
  app.use((req: WithIp, _res, next) => {
    req.clientIp = ipOfRequest(req);
    context.run({ ip: req.clientIp }, next);
  });
  const prm = metadataHandler(resourceMetadata(urls));
  app.use("/.well-known/oauth-authorization-server", metadataHandler(authServerMetadata(urls)));
  app.use("/.well-known/oauth-protected-resource/mcp", prm);
  app.use("/.well-known/oauth-protected-resource", prm);
  app.use(
    "/oauth/authorize",
    express.urlencoded({ extended: false, limit: "16kb" }),
    (req, res, next) => void registeredRedirect(db, req, res, next).catch(next),
    authorizationHandler({ provider, rateLimit: limit("authorize", perQuarterHour, 15 * 60_000) }),
  );
  app.use("/oauth/token", tokenHandler({ provider, rateLimit: limit("token", perQuarterHour, 15 * 60_000) }));
  app.use(
    "/oauth/register",
    clientRegistrationHandler({
      clientsStore: provider.clientsStore,
      clientSecretExpirySeconds: 0,
      rateLimit: limit("register", oauthConfig.registrationsPerHour(), 60 * 60_000),
    }),
  );
  app.use(
    "/oauth/revoke",
    revocationHandler({ provider, rateLimit: limit("revoke", perQuarterHour, 15 * 60_000) }),
  );
  const bearer = bearerWithScope(provider, urls.resourceMetadata);
  // Browser-based MCP clients: any origin may call with a bearer token (no cookies are involved).
  app.use("/mcp", (req, res, next) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Expose-Headers", "Mcp-Session-Id, WWW-Authenticate");
    if (req.method !== "OPTIONS") return next();
    res.setHeader("Access-Control-Allow-Methods", "GET, POST, DELETE");
    res.setHeader(
      "Access-Control-Allow-Headers",
      "Authorization, Content-Type, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID",
    );
    res.setHeader("Access-Control-Max-Age", "600");
    res.status(204).end();
  });
  app.all(
    "/mcp",
    bearer,
    express.json({ limit: "256kb" }),
    requireToolScopes(urls.resourceMetadata),
    (req: WithIp, res, next) => {
      // The caller's address of this request (a key's IP allowlist is judged per call).
      if (req.auth) req.auth.extra = { ...req.auth.extra, ip: req.clientIp };
      handleMcp(req, res, req.body, urls.issuer, opts.version).catch(next);
    },
  );
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    if (res.headersSent) return void res.end();
    if (status === 400 || status === 413) {
      // express.json: unparseable (JSON-RPC -32700) or too large a body.
      res.status(status).json({
        jsonrpc: "2.0",
        error: { code: -32700, message: status === 413 ? "Request body too large" : "Parse error" },
        id: null,
      });
      return;
    }
    logError("mcp request failed", err);
    res.status(500).json({ jsonrpc: "2.0", error: { code: -32603, message: "Internal error" }, id: null });
  });
  return app;
}
