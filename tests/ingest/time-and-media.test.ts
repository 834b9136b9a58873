import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** Time a feed cannot poison (a far-future feed_at is refused) and bodies that are JSON or nothing. */
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-time-"));
  const url = `file:${path.join(dir, "ingest.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

import { expectOk as ok, feedCatalogue, ingestClient, startHarness, type Harness } from "./harness";

let h: Harness;
let call: ReturnType<typeof ingestClient>;
const T = "2026-11-01T15:00:00Z";

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  await feedCatalogue(call, ok, T);
}, 60_000);
afterAll(() => h?.stop());

const teamName = async (id: unknown) => {
  const r = await fetch(`${h.baseUrl}/v1/teams/${String(id)}`, { headers: { "X-API-Key": h.readKey } });
  return ((await r.json()) as { data: { name: string } }).data.name;
};

describe("feed_at in the future", () => {
  it("a feed_at far in the future is 400 naming the field, and a later correct update is accepted", async () => {
    const far = await call("PUT", "/opta/teams/arg", { name: "Argentina", feed_at: "9999-12-31T23:59:59Z" });
    expect(far.status).toBe(400);
    expect(far.json.error?.code).toBe("INVALID_PARAMETER");
    expect(far.json.error?.message).toMatch(/^Invalid field '\/feed_at': is in the future: at most 300 s/);
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();
    const state = await call("POST", "/opta/contests/final/state", { status: "live", feed_at: soon });
    expect(state.status).toBe(400);
    const now = new Date().toISOString();
    expect(
      ok(await call("POST", "/opta/contests/final/state", { status: "live", feed_at: now })),
    ).toMatchObject({
      ignored: false,
      status: "live",
    });
  });

  it("a feed_at within the skew (a feed's clock a minute ahead) is accepted", async () => {
    const ahead = new Date(Date.now() + 60_000).toISOString();
    const r = ok(await call("PUT", "/opta/teams/fra", { name: "France", country: "FR", feed_at: ahead }));
    expect(r.ignored).toBe(false);
    expect(await teamName(r.id)).toBe("France");
  });
});

describe("content types", () => {
  const raw = (contentType: string | undefined, body: string, path = "/opta/teams/arg", method = "PUT") =>
    fetch(`${h.baseUrl}/ingest/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${h.ingestKey}`,
        "Idempotency-Key": `ct-${Math.random()}`,
        ...(contentType ? { "Content-Type": contentType } : {}),
      },
      body,
    });

  it("text/plain, a form or no type with a body is 415 in the error shape; nothing is written", async () => {
    const body = JSON.stringify({ name: "Argentine", feed_at: T });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", undefined]) {
      const r = await raw(type, body);
      expect(r.status, String(type)).toBe(415);
      const json = (await r.json()) as { error: { code: string; message: string } };
      expect(json.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
      expect(json.error.message).toMatch(/application\/json/);
    }
    const odds = await raw("text/plain", "{}", "/opta/odds", "POST");
    expect(odds.status).toBe(415);
    expect(((await odds.json()) as { error: { message: string } }).error.message).toMatch(/x-ndjson/);
  });

  it("application/json with a charset and a JSON-suffixed type are accepted", async () => {
    const r = await raw("application/json; charset=utf-8", JSON.stringify({ name: "Argentina", feed_at: T }));
    expect(r.status).toBe(200);
    const merge = await raw(
      "application/merge-patch+json",
      JSON.stringify({ name: "Argentina", feed_at: T }),
    );
    expect(merge.status).toBe(200);
  });
});
