import { afterAll, beforeAll, expect, test, vi } from "vitest";

/**
 * A short fuzz of /ingest/v1 (the bench's BENCH_ONLY=fuzz sends 50,000): no 5xx, every answer a
 * status and body of the ingest OpenAPI document (tests/support/ingest-fuzz.ts), no drift after.
 */
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-fuzz-"));
  const url = `file:${path.join(dir, "ingest.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

import { fuzzIngest } from "../support/ingest-fuzz";
import { startHarness, type Harness } from "./harness";

const COUNT = Number(process.env.FUZZ_REQUESTS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? 4141);
let h: Harness;

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
}, 60_000);
// The harness's stop runs verify on the database (no drift after the fuzz).
afterAll(() => h?.stop());

test(
  `${COUNT} fuzzed ingest requests: no 5xx, every answer in the OpenAPI document`,
  async () => {
    const r = await fuzzIngest({ baseUrl: h.baseUrl, key: h.ingestKey, count: COUNT, seed: SEED });
    console.log(
      `ingest fuzz (seed ${SEED}): ${r.requests} requests, by status ${JSON.stringify(r.byStatus)}`,
    );
    expect(r.violations).toEqual([]);
    expect(Object.keys(r.byStatus).filter((s) => Number(s) >= 500)).toEqual([]);
    // The fuzz reaches both sides: accepted writes and refusals.
    expect((r.byStatus[200] ?? 0) + (r.byStatus[201] ?? 0)).toBeGreaterThan(COUNT / 20);
    expect(r.byStatus[400]).toBeGreaterThan(COUNT / 20);
    // The bench's 50,000 take far longer than CI's 2,000 on a shared machine.
  },
  Math.max(600_000, COUNT * 100),
);
