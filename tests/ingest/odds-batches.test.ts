import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Odds batches through /ingest/v1 (in-process lean server, fresh SQLite, no Next build; the batch
// is written on the ingest writer thread): a batch matches stored points by observation time (new,
// repriced and unchanged counted apart, one row per point), sets the odds data version (not the
// general one) and drops the odds readers' cached answers while /v1/teams stays cached; two
// requests in flight under one Idempotency-Key write once and answer alike.
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-odds-"));
  const url = `file:${path.join(dir, "ingest.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
    RESPONSE_CACHE: "on",
    DATA_VERSION_POLL_MS: "100",
  });
  return { dir, url };
});

import { db } from "../../lib/platform/db";
import { readDataVersions } from "../../lib/events/data-version";
import {
  expectOk as ok,
  feedCatalogue,
  h2hPrices,
  ingestClient,
  startHarness,
  type Harness,
} from "./harness";

let h: Harness;
let call: ReturnType<typeof ingestClient>;
let contestId: string;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 18, 15, minute)).toISOString();

const v1 = async (path: string) => {
  const res = await fetch(`${h.baseUrl}/v1${path}`, { headers: { "X-API-Key": h.readKey } });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    data: { items: { price: number; observed_at: string }[] };
    meta: { cache: string };
  };
};
const post = async (ndjson: string) => ok(await call("POST", "/opta/odds", undefined, { ndjson }), 201);

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  contestId = String((await feedCatalogue(call, ok, at(0))).id);
  // The catalogue bumped data_version: let the poll see it before the cache is looked at.
  await new Promise((r) => setTimeout(r, 400));
}, 60_000);
afterAll(async () => h?.stop());

describe("odds batches", () => {
  it("counts new, repriced and unchanged points and keeps one row per point", async () => {
    expect(await post(h2hPrices([2.6, 3.1, 2.9], at(1)))).toMatchObject({
      created: 3,
      updated: 0,
      unchanged: 0,
    });
    // The same observation again with one price corrected, plus a later observation.
    const again = `${h2hPrices([2.6, 3.3, 2.9], at(1))}\n${h2hPrices([2.5, 3.2, 3.0], at(2))}`;
    const r = await call("POST", "/opta/odds", undefined, { ndjson: again });
    expect(r.status).toBe(201);
    expect(r.json.data).toMatchObject({ lines: 6, created: 3, updated: 1, unchanged: 2 });
    const contest = Number(contestId);
    expect(await db.oddsPoint.count({ where: { contestId: contest } })).toBe(6);
    const draw = await db.oddsPoint.findMany({
      where: { contestId: contest, selection: "draw" },
      orderBy: { observedAt: "asc" },
    });
    expect(draw.map((p) => p.price)).toEqual([3.3, 3.2]);
  });

  it("sets the odds data version in the batch's transaction, not the general one", async () => {
    const before = await readDataVersions();
    await post(h2hPrices([2.2, 3.5, 3.3], at(4)));
    const after = await readDataVersions();
    expect(after.odds).not.toBe(before.odds);
    expect(after.all).toBe(before.all);
    // Nothing changed: the version stays.
    ok(await call("POST", "/opta/odds", undefined, { ndjson: h2hPrices([2.2, 3.5, 3.3], at(4)) }), 200);
    expect((await readDataVersions()).odds).toBe(after.odds);
  });

  it("two requests in flight under one Idempotency-Key write once and get the same answer", async () => {
    const ndjson = h2hPrices([2.1, 3.6, 3.4], at(5));
    const [a, b] = await Promise.all([
      call("POST", "/opta/odds", undefined, { ndjson, idem: "twin-1" }),
      call("POST", "/opta/odds", undefined, { ndjson, idem: "twin-1" }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json).toEqual(b.json);
    expect(a.json.data).toMatchObject({ created: 3 });
    const rows = await db.oddsPoint.count({
      where: { contestId: Number(contestId), observedAt: new Date(at(5)) },
    });
    expect(rows).toBe(3);
  });

  it("drops the cached odds history but not the cached teams page", async () => {
    await v1("/teams");
    expect((await v1("/teams")).meta.cache).toBe("HIT");
    const before = await v1(`/contests/${contestId}/odds/history?limit=100`);
    expect((await v1(`/contests/${contestId}/odds/history?limit=100`)).meta.cache).toBe("HIT");
    await post(h2hPrices([2.4, 3.4, 3.1], at(3)));
    const after = await v1(`/contests/${contestId}/odds/history?limit=100`);
    expect(after.meta.cache).toBe("MISS");
    expect(after.data.items).toHaveLength(before.data.items.length + 3);
    expect((await v1("/teams")).meta.cache).toBe("HIT");
  });
});
