import http from "node:http";
import type { AddressInfo } from "node:net";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Caller } from "../../keys/caller";
import { closeAllSessions, handleMcp, openSessions, sweepIdleSessions } from "./sessions";

// /mcp's sessions in process, behind a stand-in for the bearer check (the header x-grant names the client and
// the connection): bounded in number (MCP_MAX_SESSIONS) and idle time (MCP_SESSION_IDLE_SECONDS).
const caller: Caller = {
  keyId: "k",
  accountId: "a",
  prefix: "sk_test_AAAAAAAA",
  environment: "test",
  plan: "free",
  restrictions: null,
};
let server: http.Server;
let base: string;

beforeAll(async () => {
  process.env.MCP_MAX_SESSIONS = "2";
  process.env.MCP_SESSION_IDLE_SECONDS = "60";
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      const auth: AuthInfo = {
        token: "t",
        clientId: `c-${String(req.headers["x-grant"])}`,
        scopes: [],
        expiresAt: Date.now() / 1000 + 60,
        extra: { principal: { caller, grantId: String(req.headers["x-grant"]) } },
      };
      void handleMcp(Object.assign(req, { auth }), res, raw ? JSON.parse(raw) : undefined, "http://x", "1");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  closeAllSessions();
  server.close();
  delete process.env.MCP_MAX_SESSIONS;
  delete process.env.MCP_SESSION_IDLE_SECONDS;
});

const init = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};
async function post(grant: string, body: unknown, session?: string) {
  const res = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-grant": grant,
      ...(session ? { "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    session: res.headers.get("mcp-session-id"),
    retry: res.headers.get("retry-after"),
    text: await res.text(),
  };
}
const list = { jsonrpc: "2.0", id: 2, method: "tools/list" };

describe("/mcp sessions", () => {
  test("at most MCP_MAX_SESSIONS; a session answers only its own connection; idle ones are closed", async () => {
    const a = await post("A", init);
    const b = await post("B", init);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(openSessions()).toBe(2);
    const full = await post("C", init);
    expect(full.status).toBe(503);
    expect(full.retry).toBe("30");

    const tools = await post("A", list, a.session!);
    expect(tools.status).toBe(200);
    expect(JSON.parse(tools.text).result.tools.length).toBeGreaterThan(10);
    expect((await post("B", list, a.session!)).status).toBe(404);

    // Idle past MCP_SESSION_IDLE_SECONDS: both close, the old id is a 404, and a new one opens.
    expect(sweepIdleSessions(Date.now() + 61_000)).toBe(2);
    expect((await post("A", list, a.session!)).status).toBe(404);
    expect((await post("C", init)).status).toBe(200);
  });

  test("requests without a session must be initialize", async () => {
    const r = await post("A", list);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text).error.code).toBe(-32000);
  });
});
