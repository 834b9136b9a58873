import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// odds.moved end to end: prices fed through /ingest/v1 (the SQLite writer thread) reach GET
// /v1/stream and a webhook (verified with the standardwebhooks package) only when an outcome's
// implied probability moved by at least the reader's threshold: default 2 percentage points, or
// the stream's odds_threshold_pp and the endpoint's oddsThresholdPp.
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-odds-moved-"));
  const url = `file:${path.join(dir, "moved.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
    DATA_VERSION_POLL_MS: "100",
    WEBHOOK_ALLOW_PRIVATE: "1",
    WEBHOOK_POLL_MS: "100",
  });
  return { dir, url };
});

import { db } from "../../lib/platform/db";
import { createEndpoint } from "../../lib/webhooks/endpoints";
import { startWebhooks, stopWebhooks } from "../../lib/webhooks/worker";
import { openSse, type SseClient } from "../support/sse";
import { startReceiver } from "../support/webhook-receiver";
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
const secrets: Record<string, string> = {};
let byDefault: Awaited<ReturnType<typeof startReceiver>>;
let byTen: Awaited<ReturnType<typeof startReceiver>>;
// Feed times in the past: the ingest API refuses a feed_at ahead of its clock.
const start = Date.now() - 3_600_000;
const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
const post = async (p: [number, number, number], minute: number) =>
  ok(await call("POST", "/opta/odds", undefined, { ndjson: h2hPrices(p, at(minute)) }), 201);
const stream = (query: string) =>
  openSse(`${h.baseUrl}/v1/stream?types=odds.moved${query}`, { "X-API-Key": h.readKey });
const moved = (s: SseClient) => s.events.filter((e) => e.event === "odds.moved");
const pp = (from: number, to: number) => (1 / to - 1 / from) * 100;

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  await feedCatalogue(call, ok, at(0));
  byDefault = await startReceiver(() => secrets.byDefault ?? null);
  byTen = await startReceiver(() => secrets.byTen ?? null);
  for (const [name, receiver, oddsThresholdPp] of [
    ["byDefault", byDefault, null],
    ["byTen", byTen, 10],
  ] as const) {
    const done = await createEndpoint(
      db,
      {
        accountId: h.accountId,
        createdById: h.userId,
        url: receiver.url(),
        eventTypes: ["odds.moved"],
        oddsThresholdPp,
      },
      { userId: h.userId, ip: "test" },
    );
    if (!done.ok) throw new Error(done.message);
    secrets[name] = done.value.secret;
  }
  startWebhooks(db);
}, 60_000);
afterAll(async () => {
  await stopWebhooks();
  await Promise.all([byDefault?.stop(), byTen?.stop()]);
  await h?.stop();
});

describe("odds.moved", () => {
  it("a move above the threshold reaches the stream and a verified webhook once; smaller moves none", async () => {
    const [plain, ten] = await Promise.all([stream(""), stream("&odds_threshold_pp=10")]);
    expect(plain.status).toBe(200);
    await post([2.0, 3.4, 3.8], 1); // the first prices: nothing to move from
    await post([2.05, 3.4, 3.8], 2); // home 1.22 pp: recorded (above ODDS_MOVED_MIN_PP), below 2
    await post([2.4, 3.4, 3.8], 3); // home 7.11 pp
    await plain.waitFor((e) => moved({ events: e } as SseClient).length >= 1);
    await new Promise((r) => setTimeout(r, 800));
    expect(moved(plain)).toHaveLength(1);
    const change = JSON.parse(moved(plain)[0].data) as { data: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(change.data.count).toBe(1);
    expect(change.data.moves[0]).toMatchObject({
      bookmaker: "pinnacle",
      selection: "home",
      from_price: 2.05,
      price: 2.4,
    });
    expect(Math.abs(change.data.moves[0].change_pp - pp(2.05, 2.4))).toBeLessThan(1e-6);
    expect(Math.abs(change.data.magnitude_pp - Math.abs(pp(2.05, 2.4)))).toBeLessThan(1e-6);
    expect(moved(ten)).toHaveLength(0);

    // The webhook endpoint on the default threshold gets that one change, signed; the one at 10 pp none.
    const deadline = Date.now() + 15_000;
    while (byDefault.received.length < 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 800));
    expect(byDefault.received.map((r) => r.payload.type)).toEqual(["odds.moved"]);
    expect(byDefault.received[0].payload.data).toMatchObject({ id: JSON.parse(moved(plain)[0].data).id });
    expect(byDefault.invalid()).toBe(0);
    expect(byTen.received).toHaveLength(0);

    // A 15.6 pp move passes the 10 pp stream and endpoint too.
    await post([4.0, 3.4, 1.9], 4);
    await ten.waitFor((e) => moved({ events: e } as SseClient).length >= 1);
    const big = JSON.parse(moved(ten)[0].data) as { data: { magnitude_pp: number; count: number } };
    expect(Math.abs(big.data.magnitude_pp - Math.abs(pp(3.8, 1.9)))).toBeLessThan(1e-6);
    const until = Date.now() + 15_000;
    while (byTen.received.length < 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(byTen.received.map((r) => r.payload.type)).toEqual(["odds.moved"]);
    plain.close();
    ten.close();
  });

  it("the change feed keeps the smaller move for a reader whose threshold is lower; a threshold below the floor is 400", async () => {
    const get = (q: string) =>
      fetch(`${h.baseUrl}/v1/changes?types=odds.moved${q}`, { headers: { "X-API-Key": h.readKey } });
    const low = (await (await get("&odds_threshold_pp=1")).json()) as { data: { items: unknown[] } };
    expect(low.data.items).toHaveLength(3);
    const plain = (await (await get("")).json()) as { data: { items: unknown[] } };
    expect(plain.data.items).toHaveLength(2);
    const bad = await get("&odds_threshold_pp=0.1");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("INVALID_PARAMETER");
  });
});
