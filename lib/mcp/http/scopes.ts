/**
 * Scopes at /mcp as the MCP authorization specification (2025-11-25) and RFC 6750 §3 describe them:
 * every challenge names the scopes to ask for (`scope=`), so a client asks for what it needs
 * instead of every scope the server lists, and a tool call that needs a scope the token lacks is
 * refused before it runs with HTTP 403 `insufficient_scope` naming the scopes to re-authorize
 * with, which the MCP SDK client (and other clients) answer by asking the user again.
 */
import type { NextFunction, Request, Response } from "express";
import { InvalidTokenError, ServerError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { openapi } from "../../../sdk/src/index";
import { READ_SCOPES } from "../../keys/scope-names";
import { TOOLS } from "../tools";

/**
 * What a client that has nothing yet is asked to request: the catalogue and results. The other
 * read scopes (odds, analysis, events) are asked for when a tool first needs them.
 */
export const FIRST_SCOPES = ["competitions", "contests", "persons", "teams"] as const;

type Paths = Record<string, { get?: { "x-scope"?: string } }>;

/** Each tool's scope, from its /v1 operation's `x-scope` in the served document. */
export const TOOL_SCOPES: ReadonlyMap<string, string> = new Map(
  TOOLS.flatMap((t) => {
    const scope = (openapi.paths as Paths)[t.path]?.get?.["x-scope"];
    return scope ? [[t.name, scope] as const] : [];
  }),
);

const quoted = (s: string) => s.replace(/["\\]/g, "");

function challenge(metadataUrl: string, error: string, description: string, scopes: readonly string[]) {
  return `Bearer error="${error}", error_description="${quoted(description)}", scope="${scopes.join(" ")}", resource_metadata="${metadataUrl}"`;
}

type Verifier = { verifyAccessToken(token: string): Promise<AuthInfo> };

/**
 * The bearer check of /mcp (the SDK's requireBearerAuth, with `scope` in the challenge): 401
 * invalid_token for a missing, unknown, expired or revoked token, 500 when the key store is down.
 */
export function bearerWithScope(verifier: Verifier, metadataUrl: string) {
  return async (req: Request & { auth?: AuthInfo }, res: Response, next: NextFunction) => {
    try {
      if (!req.headers.authorization) throw new InvalidTokenError("Missing Authorization header");
      const [type, token] = req.headers.authorization.split(" ");
      if (type.toLowerCase() !== "bearer" || !token)
        throw new InvalidTokenError("Invalid Authorization header format, expected 'Bearer TOKEN'");
      const auth = await verifier.verifyAccessToken(token);
      if (!auth.expiresAt || auth.expiresAt < Date.now() / 1000)
        throw new InvalidTokenError("Token has expired");
      req.auth = auth;
      next();
    } catch (err) {
      res.setHeader("Cache-Control", "no-store");
      if (err instanceof InvalidTokenError) {
        res.setHeader("WWW-Authenticate", challenge(metadataUrl, err.errorCode, err.message, FIRST_SCOPES));
        res.status(401).json(err.toResponseObject());
      } else if (err instanceof ServerError) res.status(500).json(err.toResponseObject());
      else next(err);
    }
  };
}

interface RpcMessage {
  method?: unknown;
  params?: { name?: unknown };
}

/** The scopes the JSON-RPC message(s) need that the token does not have (tools/call only). */
export function missingScopes(body: unknown, granted: readonly string[]): { tool: string; scope: string }[] {
  const messages = (Array.isArray(body) ? body : [body]) as RpcMessage[];
  const missing: { tool: string; scope: string }[] = [];
  for (const m of messages) {
    if (m?.method !== "tools/call" || typeof m.params?.name !== "string") continue;
    const scope = TOOL_SCOPES.get(m.params.name);
    if (scope && !granted.includes(scope)) missing.push({ tool: m.params.name, scope });
  }
  return missing;
}

/**
 * After the bearer check: a tools/call the token's scopes do not cover is a 403 with
 * `error="insufficient_scope"` and `scope=` listing the token's scopes plus the missing ones (so
 * re-consent keeps what was granted), and a JSON-RPC error body naming the missing scope.
 */
export function requireToolScopes(metadataUrl: string) {
  return (req: Request & { auth?: AuthInfo }, res: Response, next: NextFunction) => {
    const granted = req.auth?.scopes ?? [];
    const missing = missingScopes(req.body, granted);
    if (missing.length === 0) return next();
    const needed = [...new Set(missing.map((m) => m.scope))];
    const wanted = READ_SCOPES.filter((s) => granted.includes(s) || needed.includes(s));
    const description = `The ${needed.map((s) => `'${s}'`).join(", ")} scope is needed by ${missing[0].tool}; authorize again with it`;
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("WWW-Authenticate", challenge(metadataUrl, "insufficient_scope", description, wanted));
    const id = Array.isArray(req.body) ? null : ((req.body as { id?: unknown })?.id ?? null);
    res.status(403).json({
      jsonrpc: "2.0",
      error: {
        code: -32001,
        message: description,
        data: { error: "insufficient_scope", scope: needed.join(" ") },
      },
      id,
    });
  };
}
