import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** /ingest/v1's refusals: keys and scopes, Idempotency-Key, bad fields by JSON pointer, NDJSON, sizes. */
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-refusals-"));
  const url = `file:${path.join(dir, "ingest.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
    INGEST_MAX_BODY_BYTES: "2048",
  });
  return { dir, url };
});

import { findOrCreateUser } from "../../lib/accounts/users";
import { db } from "../../lib/platform/db";
import { headId } from "../../lib/events/store";
import { ingestFile } from "../../lib/ingest/cli";
import { updateApiKey } from "../../lib/keys/lifecycle";
import { createApiKey, createCappedApiKey } from "../../lib/keys/service";
import { storedScopes } from "../../lib/keys/scopes";
import { flushUsage } from "../../lib/usage";
import { expectOk as ok, feedCatalogue, ingestClient, startHarness, type Harness } from "./harness";

let h: Harness;
let call: ReturnType<typeof ingestClient>;
const T = "2026-11-18T15:00:00Z";

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  await feedCatalogue(call, ok, T);
}, 60_000);
afterAll(() => h?.stop());

describe("ingest keys", () => {
  it("a read key is 403 naming the scope; no key is 401", async () => {
    const r = await call(
      "POST",
      "/opta/contests/final/state",
      { status: "live", feed_at: T },
      { key: h.readKey },
    );
    expect(r.status).toBe(403);
    expect(r.json.error?.code).toBe("FORBIDDEN");
    expect(r.json.error?.message).toContain("'ingest' scope");
    const none = await fetch(`${h.baseUrl}/ingest/v1/opta/odds`, { method: "POST", body: "{}" });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "API key required" } });
  });

  it("only operator accounts may hold the ingest scope; an unrestricted key never implies it", async () => {
    expect(storedScopes(null)).toBeNull();
    expect(storedScopes(["ingest"])).toBe("ingest");
    const other = await findOrCreateUser(db, "reader@example.com");
    const input = { accountId: other.accountId, name: "x", environment: "test" as const };
    const capped = await createCappedApiKey(db, { ...input, options: { scopes: ["ingest"] } });
    expect(capped).toMatchObject({ ok: false, code: "FORBIDDEN" });
    await expect(createApiKey(db, { ...input, options: { scopes: ["odds", "ingest"] } })).rejects.toThrow(
      /operator/,
    );
    const plain = await createApiKey(db, input);
    const edit = await updateApiKey(db, { id: plain.record.id }, { scopes: ["ingest"] }, null);
    expect(edit).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(
      await db.apiKey.count({ where: { accountId: other.accountId, scopes: { contains: "ingest" } } }),
    ).toBe(0);
  });

  it("a key's IP allowlist holds on /ingest/v1 and /sandbox/v1 as on /v1", async () => {
    const elsewhere = await createApiKey(db, {
      accountId: h.accountId,
      name: "elsewhere",
      environment: "live",
      options: { scopes: ["ingest"], allowedIps: ["203.0.113.0/24"] },
    });
    const refused = { error: { code: "FORBIDDEN", message: "IP address not allowed for this key" } };
    const r = await call("PUT", "/opta/teams/arg", { name: "Argentina", feed_at: T }, { key: elsewhere.key });
    expect(r.status).toBe(403);
    expect(r.json).toEqual(refused);
    const sandbox = await fetch(`${h.baseUrl}/sandbox/v1/replays`, {
      headers: { Authorization: `Bearer ${elsewhere.key}` },
    });
    expect(sandbox.status).toBe(403);
    expect(await sandbox.json()).toEqual(refused);
  });

  it("ingest keys are rate-limited like others", async () => {
    const limited = await createApiKey(db, {
      accountId: h.accountId,
      name: "slow",
      environment: "live",
      options: { scopes: ["ingest"], rateLimit: 2 },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await call("PUT", "/opta/teams/arg", { name: "Argentina", feed_at: T }, { key: limited.key }))
          .status,
      );
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.slice(2)).toContain(429);
    // Metered like /v1: per key, route pattern and status class.
    await flushUsage();
    const buckets = await db.usageBucket.findMany({ where: { apiKeyId: limited.record.id } });
    const by = Object.fromEntries(buckets.map((b) => [`${b.endpoint} ${b.statusClass}`, b.requests]));
    expect(by["/ingest/v1/{source}/teams/{external_id} 2xx"]).toBe(2);
  });
});

describe("bad input", () => {
  it("every write needs an Idempotency-Key", async () => {
    const res = await fetch(`${h.baseUrl}/ingest/v1/opta/teams/arg`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${h.ingestKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Argentina", feed_at: T }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("Idempotency-Key");
  });

  it("a refused field is named by JSON pointer", async () => {
    const r = await call("POST", "/opta/contests/final/state", { score: { home: -1, away: 0 }, feed_at: T });
    expect(r.status).toBe(400);
    expect(r.json.error?.code).toBe("INVALID_PARAMETER");
    expect(r.json.error?.message).toMatch(/^Invalid field '\/score\/home': /);
    const ref = await call("PUT", "/opta/contests/x", {
      edition: "nope",
      home: { team: "arg" },
      away: { team: "fra" },
      kickoff_at: T,
      feed_at: T,
    });
    expect(ref.json.error?.message).toMatch(/^Invalid field '\/edition': no edition 'nope'/);
    const unknown = await call("POST", "/opta/contests/missing/state", { status: "live", feed_at: T });
    expect(unknown.status).toBe(404);
  });

  it("a malformed NDJSON line is reported by number and nothing of the batch is written", async () => {
    const line = (price: unknown) =>
      JSON.stringify({
        contest: "final",
        bookmaker: "b",
        market: "h2h",
        selection: "home",
        price,
        observed_at: T,
      });
    const bad = await call("POST", "/opta/odds", undefined, {
      ndjson: [line(2.1), line("x"), line(2.3)].join("\n"),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.message).toMatch(/^line 2: Invalid field '\/price'/);
    const broken = await call("POST", "/opta/odds", undefined, { ndjson: `${line(2.1)}\n{"contest":` });
    expect(broken.json.error?.message).toMatch(/^line 2: The body is not valid JSON/);
    const missing = await call("POST", "/opta/odds", undefined, {
      ndjson: `${line(2.1)}\n${line(2.2).replace('"final"', '"other"')}`,
    });
    expect(missing.json.error?.message).toMatch(/^Invalid field 'line 2: \/contest'/);
    expect(await db.oddsPoint.count()).toBe(0);
    expect(ok(await call("POST", "/opta/odds", JSON.parse(line(2.1))), 201)).toMatchObject({ created: 1 });
  });

  it("bodies above the route's limit are 413; wrong methods 405; the OpenAPI document is public", async () => {
    const big = await call("PUT", "/opta/teams/arg", { name: "A".repeat(3000), feed_at: T });
    expect(big.status).toBe(413);
    expect(big.json.error?.code).toBe("PAYLOAD_TOO_LARGE");
    const get = await call("GET", "/opta/teams/arg");
    expect(get.status).toBe(405);
    const doc = await fetch(`${h.baseUrl}/ingest/v1/openapi.json`);
    expect(doc.status).toBe(200);
    const spec = (await doc.json()) as { paths: Record<string, Record<string, unknown>> };
    expect(
      Object.keys(spec.paths["/ingest/v1/{source}/contests/{external_id}/events/{event_id}"]).sort(),
    ).toEqual(["delete", "put"]);
  });
});

describe("npm run admin -- ingest <file>", () => {
  it("sends each line once, reports refusals by line, and a second run changes nothing", async () => {
    const file = [
      JSON.stringify({
        op: "PUT",
        path: "/opta/teams/bra",
        body: { name: "Brazil", country: "BR", feed_at: T },
      }),
      JSON.stringify({ op: "PUT", path: "/opta/teams/ger", body: { name: "Germany", feed_at: T } }),
      "",
      JSON.stringify({
        op: "POST",
        path: "/opta/contests/final/state",
        body: { status: "sideways", feed_at: T },
      }),
      "not json",
    ].join("\n");
    const lines: string[] = [];
    const first = await ingestFile(file, {
      baseUrl: h.baseUrl,
      key: h.ingestKey,
      progress: (l) => lines.push(l),
    });
    expect(first).toMatchObject({ requests: 3, created: 2, byStatus: { 201: 2, 400: 1 } });
    expect(first.refused.map((r) => [r.line, r.status])).toEqual([
      [5, 0],
      [4, 400],
    ]);
    expect(first.refused[1].message).toMatch(/^Invalid field '\/status'/);
    expect(lines.at(-1)).toBe("ingest: 3/3 requests sent");
    const head = await headId(db);
    const again = await ingestFile(file, { baseUrl: h.baseUrl, key: h.ingestKey });
    expect(again).toMatchObject({ requests: 3, created: 2, byStatus: { 201: 2, 400: 1 } });
    expect(await headId(db)).toBe(head);
  });

  it("--odds sends the lines as NDJSON batches", async () => {
    const odds = Array.from({ length: 5 }, (_, i) =>
      JSON.stringify({
        contest: "final",
        bookmaker: "feedbook",
        market: "h2h",
        selection: "away",
        price: 2 + i / 10,
        observed_at: `2026-11-18T14:0${i}:00Z`,
      }),
    ).join("\n");
    const s = await ingestFile(odds, { baseUrl: h.baseUrl, key: h.ingestKey, oddsSource: "opta", batch: 2 });
    expect(s).toMatchObject({ requests: 3, created: 3, refused: [] });
    expect(await db.oddsPoint.count({ where: { bookmaker: "feedbook" } })).toBe(5);
  });
});
