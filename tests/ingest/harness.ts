/**
 * An in-process lean server for ingest tests: /ingest/v1, /sandbox/v1 and /v1 routed as server.ts routes them,
 * on a fresh migrated SQLite database, with an operator account's ingest key and a read key.
 * Set DATABASE_URL before lib/platform/db is imported (vi.hoisted in the test file).
 */
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import { expect } from "vitest";
import { findOrCreateUser } from "../../lib/accounts/users";
import { handleNodeRequest } from "../../lib/api/adapters/node";
import { watchDataVersion } from "../../lib/api/cache";
import { db } from "../../lib/platform/db";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { handleIngestNode, INGEST_PATH } from "../../lib/ingest/http";
import { createApiKey } from "../../lib/keys/service";
import { handleSandboxNode, SANDBOX_PATH } from "../../lib/replay/http";
import { flushUsage } from "../../lib/usage";
import { expectNoDrift } from "../support/verify";

export interface Harness {
  baseUrl: string;
  ingestKey: string;
  readKey: string;
  accountId: string;
  userId: string;
  stop: () => Promise<void>;
}

export async function startHarness(dir: string, url: string): Promise<Harness> {
  await applyMigrations(url);
  const user = await findOrCreateUser(db, "feed@example.com");
  await db.account.update({ where: { id: user.accountId }, data: { operator: true, plan: "unlimited" } });
  const ingest = await createApiKey(db, {
    accountId: user.accountId,
    name: "feed",
    environment: "live",
    options: { scopes: ["ingest"] },
  });
  const read = await createApiKey(db, { accountId: user.accountId, name: "read", environment: "live" });
  watchDataVersion();
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const fail = (err: unknown) => {
      res.writeHead(500).end(String(err));
    };
    if (INGEST_PATH.test(req.url ?? "")) return void handleIngestNode(req, res).catch(fail);
    if (SANDBOX_PATH.test(req.url ?? "")) return void handleSandboxNode(req, res).catch(fail);
    handleNodeRequest(req, res)?.catch(fail);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    ingestKey: ingest.key,
    readKey: read.key,
    accountId: user.accountId,
    userId: user.id,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      // Every ingest test file ends with its database's derived facts equal to their base facts.
      await expectNoDrift(db);
      await flushUsage();
      await db.$disconnect();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A client of /ingest/v1: each call sends a fresh Idempotency-Key unless one is given. */
export function ingestClient(baseUrl: string, key: string) {
  let n = 0;
  return async (
    method: string,
    path: string,
    body?: unknown,
    opts: { idem?: string; ndjson?: string; key?: string } = {},
  ) => {
    const res = await fetch(`${baseUrl}/ingest/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${opts.key ?? key}`,
        "Idempotency-Key": opts.idem ?? `k-${Date.now()}-${++n}`,
        "Content-Type": opts.ndjson !== undefined ? "application/x-ndjson" : "application/json",
      },
      body: opts.ndjson ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      json: (text ? JSON.parse(text) : null) as {
        data?: Record<string, unknown>;
        error?: { code: string; message: string };
      },
    };
  };
}

export const finalContest = (feedAt: string) => ({
  edition: "wc26",
  home: { team: "arg" },
  away: { team: "fra" },
  kickoff_at: feedAt,
  round: "Final",
  stage: "Knockout",
  feed_at: feedAt,
});

type Call = ReturnType<typeof ingestClient>;
type Ok = (r: Awaited<ReturnType<Call>>, status?: number) => Record<string, unknown>;

/** A competition, an edition, two teams, four players and the final, all by source "opta"'s ids. */
export async function feedCatalogue(call: Call, ok: Ok, feedAt: string) {
  const put = async (path: string, body: Record<string, unknown>) =>
    ok(await call("PUT", `/opta${path}`, { ...body, feed_at: feedAt }), 201);
  await put("/competitions/wc", { name: "FIFA World Cup", format: "knockout" });
  await put("/editions/wc26", { competition: "wc", name: "2026" });
  await put("/teams/arg", { name: "Argentina", country: "AR" });
  await put("/teams/fra", { name: "France", country: "FR" });
  for (const [id, name] of [
    ["p10", "Lionel Messi"],
    ["p11", "Angel Di Maria"],
    ["p16", "Marcos Acuna"],
    ["p7", "Kylian Mbappe"],
  ])
    await put(`/persons/${id}`, { name });
  return ok(await call("PUT", "/opta/contests/final", finalContest(feedAt)), 201);
}

/** Three h2h prices of pinnacle for the final, observed at `observedAt`, as NDJSON. */
export const h2hPrices = (p: [number, number, number], observedAt: string) =>
  (["home", "draw", "away"] as const)
    .map((selection, i) =>
      JSON.stringify({
        contest: "final",
        bookmaker: "pinnacle",
        market: "h2h",
        selection,
        price: p[i],
        observed_at: observedAt,
      }),
    )
    .join("\n");

/** The answer's data after checking its status (the body is shown when it differs). */
export function expectOk(r: { status: number; json: unknown }, status = 200): Record<string, unknown> {
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  return (r.json as { data: Record<string, unknown> }).data;
}
