import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setupOAuthApp } from "./oauth-app";
import { authorizeUrl, MemoryOAuthProvider, pkce, REDIRECT } from "./oauth-support";

// Client ID Metadata Documents: the client_id is an https URL serving the client's metadata. The
// document server here is https on loopback with a throwaway CA the Statline server trusts
// (NODE_EXTRA_CA_CERTS); loopback is reachable only because WEBHOOK_ALLOW_PRIVATE=1 lifts the SSRF
// guard for this test (without it the fetch is refused: lib/oauth/metadata-document.test.ts).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-cimd-"));
execFileSync(
  "openssl",
  [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-keyout",
    path.join(dir, "key.pem"),
    "-out",
    path.join(dir, "cert.pem"),
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
  ],
  { stdio: "ignore" },
);
const ctx = setupOAuthApp({ WEBHOOK_ALLOW_PRIVATE: "1", NODE_EXTRA_CA_CERTS: path.join(dir, "cert.pem") });
let docs: https.Server;
let origin = "";
const served = new Map<string, string>();

beforeAll(async () => {
  docs = https.createServer(
    { key: fs.readFileSync(path.join(dir, "key.pem")), cert: fs.readFileSync(path.join(dir, "cert.pem")) },
    (req, res) => {
      const body = served.get(req.url ?? "");
      if (body === undefined) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    },
  );
  await new Promise<void>((r) => docs.listen(0, "127.0.0.1", r));
  origin = `https://127.0.0.1:${(docs.address() as AddressInfo).port}`;
});
afterAll(() => docs?.close());

const serve = (p: string, doc: unknown) => {
  served.set(p, typeof doc === "string" ? doc : JSON.stringify(doc));
  return `${origin}${p}`;
};
const doc = (url: string, extra: Record<string, unknown> = {}) => ({
  client_id: url,
  client_name: "Document client",
  client_uri: "https://docs-client.example/",
  redirect_uris: [REDIRECT],
  token_endpoint_auth_method: "none",
  ...extra,
});

describe("Client ID Metadata Documents", () => {
  test("the SDK client identifies itself by URL, without registering, and connects", async () => {
    const url = `${origin}/good.json`;
    serve("/good.json", doc(url));
    const provider = new MemoryOAuthProvider("Document client");
    provider.clientMetadataUrl = url;
    const mcp = new URL(`${ctx.app.baseUrl}/mcp`);
    const transport = new StreamableHTTPClientTransport(mcp, { authProvider: provider });
    await expect(new Client({ name: "t", version: "1" }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(provider.authUrl!.searchParams.get("client_id")).toBe(url);
    expect(await ctx.fx.db.oAuthClient.count({ where: { id: { startsWith: "oc_" } } })).toBe(0);

    const sent = await ctx.approver.authorize(provider.authUrl!);
    expect(sent.status).toBe(302);
    const page = await (
      await ctx.approver.browser.get(new URL(sent.location!).pathname + new URL(sent.location!).search)
    ).text();
    expect(page).toContain("Document client");
    expect(page).toContain(url);
    const decided = await ctx.approver.decide(sent.location!, "approve");
    await transport.finishAuth(decided.redirect!.searchParams.get("code")!);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(mcp, { authProvider: provider }));
    ctx.open.push(client);
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);
  });

  test.each([
    ["names another client_id", (u: string) => doc(`${u}-other`)],
    ["is not JSON", () => "<html>"],
    ["is larger than 5 KB", (u: string) => doc(u, { client_name: "x".repeat(6000) })],
    [
      "asks for a client secret",
      (u: string) => doc(u, { token_endpoint_auth_method: "client_secret_basic" }),
    ],
    [
      "has an http redirect to another host",
      (u: string) => doc(u, { redirect_uris: ["http://evil.example/cb"] }),
    ],
  ])("a document that %s is an unknown client (400 invalid_client, no redirect)", async (name, make) => {
    const p = `/bad-${name.replace(/\W+/g, "-")}.json`;
    const url = `${origin}${p}`;
    serve(p, make(url));
    const r = await ctx.approver.authorize(
      authorizeUrl(ctx.app.baseUrl, {
        client_id: url,
        redirect_uri: REDIRECT,
        code_challenge: pkce().challenge,
      }),
    );
    expect(r.status).toBe(400);
    expect(r.location).toBeNull();
    expect(JSON.parse(r.body).error).toBe("invalid_client");
  });

  test("a missing document (404) and a non-https client_id are unknown clients", async () => {
    for (const id of [`${origin}/missing.json`, `http://127.0.0.1:1/client.json`, `${origin}/`]) {
      const r = await ctx.approver.authorize(
        authorizeUrl(ctx.app.baseUrl, {
          client_id: id,
          redirect_uri: REDIRECT,
          code_challenge: pkce().challenge,
        }),
      );
      expect(r.status, id).toBe(400);
    }
  });
});
