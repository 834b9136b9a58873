import { createHash } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, expect } from "vitest";
import { call, expectOk } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";
import { createUser } from "../support/users";
import { Approver, authorizeUrl, pkce, REDIRECT, register, tokenRequest } from "./oauth-support";

export const sha = (s: string) => createHash("sha256").update(s).digest("hex");

export interface OAuthApp {
  fx: Fixture;
  app: RunningApp;
  /** An unlimited API key of another account: what /v1 answers, to compare tool results with. */
  key: string;
  /** The signed-in dashboard user who answers consent pages. */
  approver: Approver;
  open: Client[];
}

/** A real server on its own fixture database, with a signed-in approver; stopped after the file. */
export function setupOAuthApp(env: Record<string, string> = {}): OAuthApp {
  const ctx = { open: [] as Client[] } as unknown as OAuthApp;
  beforeAll(async () => {
    ctx.fx = await buildFixture();
    ctx.key = createUnlimitedKey(ctx.fx.url, "compare@example.com");
    const password = "correct horse battery staple 42";
    const user = createUser(ctx.fx.url, "oauth-owner@example.com", password);
    ctx.app = await startApp({ databaseUrl: ctx.fx.url, env });
    ctx.approver = new Approver(ctx.app.baseUrl, { id: user.id, email: "oauth-owner@example.com", password });
    await ctx.approver.signIn();
  });
  afterAll(async () => {
    await Promise.all(ctx.open.map((c) => c.close().catch(() => {})));
    await ctx.app?.stop();
    await ctx.fx?.db.$disconnect();
  });
  return ctx;
}

export const v1 = async (ctx: OAuthApp, p: string) =>
  expectOk(await call(ctx.app.baseUrl, p, { key: ctx.key }), p);

/** Registration, consent and the code exchange over raw HTTP: a fresh token pair. */
export async function connectRaw(ctx: OAuthApp, name = "Raw client") {
  const base = ctx.app.baseUrl;
  const reg = await register(base, { client_name: name });
  expect(reg.status).toBe(201);
  const clientId = reg.body.client_id as string;
  const { verifier, challenge } = pkce();
  const sent = await ctx.approver.authorize(
    authorizeUrl(base, {
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      state: "s1",
    }),
  );
  expect(sent.status).toBe(302);
  const decided = await ctx.approver.decide(sent.location!, "approve");
  const code = decided.redirect!.searchParams.get("code")!;
  const exchange = (v = verifier) =>
    tokenRequest(base, {
      grant_type: "authorization_code",
      client_id: clientId,
      code,
      code_verifier: v,
      redirect_uri: REDIRECT,
    });
  const first = await exchange();
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  return { clientId, code, verifier, exchange, tokens: first.body };
}
