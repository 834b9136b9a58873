import { createHash } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, expect, test } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import type { Db } from "../../lib/platform/db/client";
import { TOOLS } from "../../lib/mcp/tools";
import { Approver, MemoryOAuthProvider, rawMcp, REDIRECT, tokenRequest } from "../mcp/oauth-support";
import { call, expectOk } from "../support/api";
import { freePort, startApp, type RunningApp } from "../support/app";
import { createUser } from "../support/users";
import { connect, makeKey, saveLogs, type TestKey } from "./support/cluster";
import { createPgDatabase, deleteRedisPrefix, redisPrefix } from "./support/infra";
import { sleep } from "./support/load";
import { report } from "./support/report";

/**
 * Remote MCP on two instances behind one public URL (NEXTAUTH_URL, the OAuth issuer and the
 * tokens' audience), on PostgreSQL + Redis: a token issued by A works on B, a session opened on A
 * is "Session not found" on B (the client initializes again), a revocation on A reaches B within
 * the revocation bound, and the OAuth endpoints' rate limits are counted once for both.
 */
const REGISTER_LIMIT = 6;
const ENDPOINT_LIMIT = 30;
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let db: Db;
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
let A: RunningApp;
let B: RunningApp;
let approver: Approver;
let key: TestKey;
const prefix = redisPrefix();
const provider = new MemoryOAuthProvider("Scale-out client");
const open: Client[] = [];
const listCall = { jsonrpc: "2.0", id: 2, method: "tools/list" };

beforeAll(async () => {
  database = await createPgDatabase();
  db = await connect(database.url, prefix);
  const portA = await freePort();
  const env = {
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: prefix,
    INSTANCE_COUNT: "2",
    // One public origin for both, as behind a load balancer: A's own address stands for it.
    NEXTAUTH_URL: `http://127.0.0.1:${portA}`,
    OAUTH_REGISTER_LIMIT_PER_HOUR: String(REGISTER_LIMIT),
    OAUTH_ENDPOINT_LIMIT_PER_15_MINUTES: String(ENDPOINT_LIMIT),
  };
  A = await startApp({ databaseUrl: database.url, port: portA, env: { INSTANCE_ID: "a", ...env } });
  B = await startApp({ databaseUrl: database.url, env: { INSTANCE_ID: "b", ...env } });
  const password = "correct horse battery staple 42";
  const user = createUser(database.url, "scale-owner@example.com", password);
  approver = new Approver(A.baseUrl, { id: user.id, email: "scale-owner@example.com", password });
  await approver.signIn();
  key = await makeKey(db, "unlimited");
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.close().catch(() => {})));
  const logs = saveLogs("mcp-scale-out", [A, B].filter(Boolean));
  for (const t of [provider.saved?.access_token, provider.saved?.refresh_token])
    if (t) expect(logs).not.toContain(t);
  await Promise.all([A, B].map((a) => a?.stop()));
  await db?.$disconnect();
  await deleteRedisPrefix(prefix);
  database?.drop();
});

const mcpClient = async (app: RunningApp, sessionId?: string) => {
  const client = new Client({ name: "scale-out-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), {
    authProvider: provider,
    sessionId,
  });
  // With a session id the SDK's client skips initialize: it continues that session.
  await client.connect(transport);
  open.push(client);
  return { client, transport };
};

test("a client authorized through A works on B; refreshing on B, then replaying the old token on A, ends the family", async () => {
  const first = new Client({ name: "scale-out-test", version: "1.0.0" });
  const t = new StreamableHTTPClientTransport(new URL(`${A.baseUrl}/mcp`), { authProvider: provider });
  await expect(first.connect(t)).rejects.toBeInstanceOf(UnauthorizedError);
  const sent = await approver.authorize(provider.authUrl!);
  expect(sent.location).toMatch(/\/oauth\/consent\?request=/);
  const decided = await approver.decide(sent.location!, "approve");
  expect(decided.redirect!.origin + decided.redirect!.pathname).toBe(REDIRECT);
  await t.finishAuth(decided.redirect!.searchParams.get("code")!);

  const names = TOOLS.map((x) => x.name).sort();
  const onA = (await mcpClient(A)).client;
  expect((await onA.listTools()).tools.map((x) => x.name).sort()).toEqual(names);
  const onB = (await mcpClient(B)).client;
  expect((await onB.listTools()).tools.map((x) => x.name).sort()).toEqual(names);
  const result = await onB.callTool({ name: "list_competitions", arguments: {} });
  expect(result.isError).toBeFalsy();
  const v1 = expectOk(await call(B.baseUrl, "/v1/competitions", { key: key.key }), "/v1/competitions");
  expect((result.structuredContent as { data: unknown }).data).toEqual(v1);

  // Refresh on B (rotation is in the shared database); the new access token works on A.
  const refreshed = await tokenRequest(B.baseUrl, {
    grant_type: "refresh_token",
    client_id: provider.client!.client_id,
    refresh_token: provider.saved!.refresh_token!,
  });
  expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
  // Past the grace a just-replaced refresh token has (oauthConfig.refreshGraceMs, 30 s).
  await db.oAuthToken.update({
    where: { tokenHash: sha(provider.saved!.refresh_token!) },
    data: { usedAt: new Date(Date.now() - 31_000) },
  });
  const replay = await tokenRequest(A.baseUrl, {
    grant_type: "refresh_token",
    client_id: provider.client!.client_id,
    refresh_token: provider.saved!.refresh_token!,
  });
  expect(replay.status).toBe(400);
  expect(replay.body.error).toBe("invalid_grant");
  // The replay revoked the family (the refreshed pair too): start a fresh connection for the rest.
  expect((await rawMcp(A.baseUrl, refreshed.body.access_token)).status).toBe(401);
});

test("a session opened on A is 'Session not found' (404) on B; initializing again on B continues", async () => {
  provider.saved = undefined;
  const first = new Client({ name: "scale-out-test", version: "1.0.0" });
  const t = new StreamableHTTPClientTransport(new URL(`${A.baseUrl}/mcp`), { authProvider: provider });
  await expect(first.connect(t)).rejects.toBeInstanceOf(UnauthorizedError);
  const decided = await approver.decide((await approver.authorize(provider.authUrl!)).location!, "approve");
  await t.finishAuth(decided.redirect!.searchParams.get("code")!);
  const token = provider.saved!.access_token;

  const opened = await rawMcp(A.baseUrl, token);
  expect(opened.status).toBe(200);
  const sid = opened.headers.get("mcp-session-id")!;
  expect((await rawMcp(A.baseUrl, token, listCall, sid)).status).toBe(200);
  const elsewhere = await rawMcp(B.baseUrl, token, listCall, sid);
  expect(elsewhere.status).toBe(404);
  expect(JSON.parse(elsewhere.text)).toEqual({
    jsonrpc: "2.0",
    error: { code: -32001, message: "Session not found" },
    id: null,
  });

  // The official client sees the 404 as an error with that status; a new session on B works.
  const { client: stale } = await mcpClient(B, sid);
  const err = await stale.listTools().catch((e: unknown) => e);
  expect(err).toBeInstanceOf(StreamableHTTPError);
  expect((err as StreamableHTTPError).code).toBe(404);
  const { client: fresh } = await mcpClient(B);
  expect((await fresh.listTools()).tools).toHaveLength(TOOLS.length);
});

test("Revoke on A (Connected apps): B refuses the token within 2 s, and its refresh token is dead there", async () => {
  const token = provider.saved!.access_token;
  const onB = await rawMcp(B.baseUrl, token);
  const sid = onB.headers.get("mcp-session-id")!;
  expect((await rawMcp(B.baseUrl, token, listCall, sid)).status).toBe(200);

  const apps = (await (await approver.browser.get("/api/dashboard/connected-apps")).json()) as {
    data: { id: string; clientName: string }[];
  };
  const mine = apps.data.find((a) => a.clientName === "Scale-out client")!;
  const started = performance.now();
  const revoked = await approver.browser.request(`/api/dashboard/connected-apps/${mine.id}/revoke`, {
    method: "POST",
    headers: { origin: A.baseUrl, "x-csrf-token": csrfTokenFor(approver.user.id) },
  });
  expect(revoked.status).toBe(200);
  let refusedAfter = Infinity;
  let last: Awaited<ReturnType<typeof rawMcp>> | null = null;
  while (performance.now() - started < 5000) {
    last = await rawMcp(B.baseUrl, token, listCall, sid);
    if (last.status === 401) {
      refusedAfter = Math.round(performance.now() - started);
      break;
    }
    expect(last.status).toBe(200);
    await sleep(20);
  }
  report("mcp-revocation-across-instances", { refusedOnBAfterMs: refusedAfter });
  expect(refusedAfter).toBeLessThan(2000);
  expect(last!.headers.get("www-authenticate")).toContain(
    `resource_metadata="${A.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
  );
  expect((await rawMcp(A.baseUrl, token)).status).toBe(401);
  const refresh = await tokenRequest(B.baseUrl, {
    grant_type: "refresh_token",
    client_id: provider.client!.client_id,
    refresh_token: provider.saved!.refresh_token!,
  });
  expect(refresh.status).toBe(400);
  expect(refresh.body.error).toBe("invalid_grant");
});

/** POST to an OAuth endpoint; the status and the shared counter's RateLimit-Remaining. */
async function post(base: string, path: string, body: string, type: string) {
  const res = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": type }, body });
  await res.arrayBuffer();
  return { status: res.status, remaining: Number(res.headers.get("ratelimit-remaining")) };
}

test("the registration and token endpoint limits are counted once for both instances", async () => {
  const registration = JSON.stringify({
    client_name: "Burst",
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: "none",
  });
  const reg = (app: RunningApp) => post(app.baseUrl, "/oauth/register", registration, "application/json");
  // The one registration above (the SDK client, on A) counts: 127.0.0.1 has REGISTER_LIMIT - 1 left.
  const regs = [await reg(B)];
  while (regs.length <= REGISTER_LIMIT && regs[regs.length - 1].status !== 429)
    regs.push(await reg(regs.length % 2 ? A : B));
  expect(regs.map((r) => r.status)).toEqual([...Array(REGISTER_LIMIT - 1).fill(201), 429]);
  expect(regs.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
  expect((await reg(A)).status).toBe(429);
  expect((await reg(B)).status).toBe(429);

  const bogus = new URLSearchParams({
    grant_type: "refresh_token",
    client_id: provider.client!.client_id,
    refresh_token: "slrt_bogus",
  }).toString();
  const tok = (app: RunningApp) =>
    post(app.baseUrl, "/oauth/token", bogus, "application/x-www-form-urlencoded");
  const seen = [await tok(A)];
  expect(seen[0].status).toBe(400);
  while (seen.length <= ENDPOINT_LIMIT && seen[seen.length - 1].status !== 429)
    seen.push(await tok(seen.length % 2 ? B : A));
  const admitted = seen.filter((s) => s.status === 400);
  // Remaining counts down by one per request whichever instance answers, to 0, then both refuse.
  expect(admitted.map((s) => s.remaining)).toEqual(
    Array.from({ length: admitted.length }, (_, i) => seen[0].remaining - i),
  );
  expect(admitted[admitted.length - 1].remaining).toBe(0);
  expect(seen[seen.length - 1].status).toBe(429);
  expect((await tok(A)).status).toBe(429);
  expect((await tok(B)).status).toBe(429);
  report("mcp-oauth-limits-across-instances", {
    registerLimit: REGISTER_LIMIT,
    registrationsAdmittedAcrossBoth: regs.filter((r) => r.status === 201).length + 1,
    tokenLimit: ENDPOINT_LIMIT,
    tokenRequestsAdmittedInBurst: admitted.length,
  });
});
