import { afterAll, beforeAll, expect, test, vi } from "vitest";

/**
 * A fuzz of /sandbox/v1 with a caller's mistakes (bodies of every wrong type, ids of every shape,
 * wrong methods, media types and keys): never a 5xx, every refusal in the error envelope.
 */
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-sandbox-fuzz-"));
  const url = `file:${path.join(dir, "sandbox.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

import fc from "fast-check";
import { expectOk as ok, feedCatalogue, ingestClient, startHarness, type Harness } from "./harness";

const COUNT = Number(process.env.FUZZ_REQUESTS ?? 600);
const SEED = Number(process.env.FUZZ_SEED ?? 4142);
let h: Harness;
let contestId = "";

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  const call = ingestClient(h.baseUrl, h.ingestKey);
  contestId = String((await feedCatalogue(call, ok, "2026-11-01T15:00:00Z")).id);
}, 60_000);
afterAll(() => h?.stop());

const weird = fc.oneof(
  fc.constant(null),
  fc.constant(-1),
  fc.constant(0),
  fc.constant(1.5),
  fc.constant(1e308),
  fc.constant(2 ** 53),
  fc.constant(""),
  fc.constant("9".repeat(30)),
  fc.constant("12abc"),
  fc.constant([]),
  fc.constant({}),
  fc.constant(true),
  fc.string({ maxLength: 30 }),
  fc.integer(),
);
const ids = fc.oneof(
  fc.constantFrom(
    "rpl_",
    "rpl_" + "x".repeat(22),
    "x".repeat(5000),
    "%00",
    "%2e%2e",
    "%E0%A4%A",
    "Ü",
    "1e308",
    "-1",
  ),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);
type Req = { method: string; path: string; body?: string; type?: string; key?: "none" | "bad" };
const start = fc.oneof(
  fc.record({ contest_id: weird, speed: weird }, { requiredKeys: [] }),
  fc.record({ contest_id: fc.constantFrom("1", "2147483648", "9999999999"), speed: fc.nat(100) }),
  fc.dictionary(fc.string({ maxLength: 8 }), weird, { maxKeys: 3 }),
  fc.constant({ contest_id: "__contest__", speed: 61 }),
  fc.constant({ contest_id: "__contest__", extra: 1 }),
);
const req: fc.Arbitrary<Req> = fc.oneof(
  start.map((b) => ({ method: "POST", path: "/sandbox/v1/replays", body: JSON.stringify(b) })),
  fc.oneof(weird, fc.array(weird, { maxLength: 3 })).map((b) => ({
    method: "POST",
    path: "/sandbox/v1/replays",
    body: JSON.stringify(b),
  })),
  fc
    .constantFrom('{"contest_id":', "", "not json", "\u0000", "[".repeat(5000), '{"a":1}{"b":2}')
    .map((body) => ({ method: "POST", path: "/sandbox/v1/replays", body })),
  fc
    .constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x")
    .map((type) => ({ method: "POST", path: "/sandbox/v1/replays", body: '{"contest_id":"1"}', type })),
  fc.tuple(fc.constantFrom("GET", "DELETE", "PUT", "PATCH", "POST"), ids).map(([method, id]) => ({
    method,
    path: `/sandbox/v1/replays/${id}`,
  })),
  fc.constantFrom("PUT", "PATCH", "DELETE").map((method) => ({ method, path: "/sandbox/v1/replays" })),
  fc
    .constantFrom("/sandbox/v1", "/sandbox/v1/", "/sandbox/v1/nope", "/sandbox/v1/replays/a/b")
    .map((path) => ({
      method: "GET",
      path,
    })),
  fc
    .constantFrom<"none" | "bad">("none", "bad")
    .map((key) => ({ method: "GET", path: "/sandbox/v1/replays", key })),
);

test(`${COUNT} fuzzed sandbox requests: no 5xx, every refusal in the error envelope`, async () => {
  const byStatus: Record<number, number> = {};
  const bad: string[] = [];
  for (const r of fc.sample(req, { seed: SEED, numRuns: COUNT })) {
    const key: Record<string, string> =
      r.key === "none" ? {} : { "X-API-Key": r.key === "bad" ? "sk_live_nope" : h.readKey };
    const res = await fetch(`${h.baseUrl}${r.path}`, {
      method: r.method,
      headers: { ...key, "Content-Type": r.type ?? "application/json" },
      body: r.method === "GET" ? undefined : r.body?.replace("__contest__", contestId),
    });
    const text = await res.text();
    byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
    type Envelope = { error?: { code?: unknown; message?: unknown } } | null;
    const json = ((): Envelope => {
      try {
        return JSON.parse(text) as Envelope;
      } catch {
        return null;
      }
    })();
    const what = `${r.method} ${r.path.slice(0, 80)} ${String(r.body).slice(0, 80)} -> ${res.status} ${text.slice(0, 200)}`;
    if (res.status >= 500) bad.push(what);
    else if (
      res.status >= 400 &&
      (typeof json?.error?.code !== "string" || typeof json.error.message !== "string")
    )
      bad.push(`no error envelope: ${what}`);
  }
  console.log(`sandbox fuzz (seed ${SEED}):`, byStatus);
  expect(bad).toEqual([]);
  expect(Object.keys(byStatus).some((s) => s === "400")).toBe(true);
}, 600_000);
