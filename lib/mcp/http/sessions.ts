import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { createClient } from "../../../sdk/src/index";
import { envInt } from "../../platform/config";
import type { McpPrincipal } from "../../oauth/access";
import { perProcess } from "../../platform/process-state";
import { createMcpServer } from "../server";
import { inProcessFetch } from "../../api/adapters/in-process";

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  /**
   * A session belongs to the client and account that opened it: another client's token cannot use
   * its id, while the same client's token from a new authorization (more scopes, after a 403
   * insufficient_scope) goes on with it.
   */
  owner: string;
  lastSeen: number;
}

const state = perProcess("mcpSessions", () => ({ sessions: new Map<string, Session>(), sweeper: false }));

export const principalOf = (auth: AuthInfo | undefined): McpPrincipal | undefined =>
  (auth?.extra as { principal?: McpPrincipal } | undefined)?.principal;

type AuthedRequest = IncomingMessage & { auth?: AuthInfo; clientIp?: string };

function rpcError(res: ServerResponse, status: number, code: number, message: string) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

function closeSession(id: string, s: Session) {
  state.sessions.delete(id);
  void s.transport.close().catch(() => {});
  void s.server.close().catch(() => {});
}

/** Sessions idle longer than MCP_SESSION_IDLE_SECONDS are closed; the client initializes anew (404). */
export function sweepIdleSessions(now = Date.now()): number {
  const idleMs = envInt("MCP_SESSION_IDLE_SECONDS") * 1000;
  let closed = 0;
  for (const [id, s] of state.sessions)
    if (now - s.lastSeen > idleMs) {
      closeSession(id, s);
      closed++;
    }
  return closed;
}

function startSweeper() {
  if (state.sweeper) return;
  state.sweeper = true;
  setInterval(() => sweepIdleSessions(), 15_000).unref();
}

export const openSessions = () => state.sessions.size;

/**
 * POST/GET/DELETE /mcp after the bearer check (lib/mcp/http/app.ts). A POST `initialize` without a
 * session id opens a session (at most MCP_MAX_SESSIONS per instance); every other request names
 * one it owns. Each session is an McpServer whose tools call /v1 in-process as the caller.
 */
export async function handleMcp(
  req: AuthedRequest,
  res: ServerResponse,
  body: unknown,
  origin: string,
  version: string,
) {
  startSweeper();
  const principal = principalOf(req.auth);
  if (!principal) return rpcError(res, 401, -32001, "Unauthorized");
  const owner = `${req.auth?.clientId}\n${principal.caller.accountId}`;
  const sid = req.headers["mcp-session-id"];
  if (typeof sid === "string") {
    const s = state.sessions.get(sid);
    // Unknown, expired or someone else's: 404 tells the client to start a new session (MCP spec).
    if (!s || s.owner !== owner) return rpcError(res, 404, -32001, "Session not found");
    s.lastSeen = Date.now();
    return s.transport.handleRequest(req, res, body);
  }
  if (req.method !== "POST" || !isInitializeRequest(body))
    return rpcError(res, 400, -32000, "Bad Request: no valid mcp-session-id; start with initialize");
  if (state.sessions.size >= envInt("MCP_MAX_SESSIONS") && sweepIdleSessions() === 0) {
    res.setHeader("Retry-After", "30");
    return rpcError(res, 503, -32000, "Too many open MCP sessions on this server; retry later");
  }
  const server = createMcpServer((auth) => {
    const p = principalOf(auth) ?? principal;
    const ip = (auth?.extra as { ip?: string } | undefined)?.ip ?? req.clientIp ?? "unknown";
    // apiKey is a placeholder: the in-process fetch authenticates as the verified principal and
    // never reads headers; it keeps the SDK from looking for a key or a credentials file.
    return createClient({
      baseUrl: origin,
      apiKey: "oauth",
      retry: false,
      fetch: inProcessFetch(p.caller, ip),
    });
  }, version);
  const session: Session = {
    transport: undefined as never,
    server,
    owner,
    lastSeen: Date.now(),
  };
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (id) => void state.sessions.set(id, session),
    onsessionclosed: (id) => void state.sessions.delete(id),
  });
  session.transport = transport;
  transport.onclose = () => {
    if (transport.sessionId) state.sessions.delete(transport.sessionId);
  };
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}

/** Shutdown: every session ends (clients re-initialize against another instance). */
export function closeAllSessions(): number {
  const n = state.sessions.size;
  for (const [id, s] of state.sessions) closeSession(id, s);
  return n;
}
