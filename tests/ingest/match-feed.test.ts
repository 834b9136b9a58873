import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A whole match fed through /ingest/v1 while /v1/stream and a standardwebhooks
// receiver follow it; in-process lean server, fresh SQLite (tests/ingest/harness.ts), no Next build.
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-"));
  const url = `file:${path.join(dir, "ingest.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    WEBHOOK_ALLOW_PRIVATE: "1",
    WEBHOOK_POLL_MS: "100",
    CHANGES_POLL_MS: "100",
    STREAM_HEARTBEAT_MS: "1000",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

import { db } from "../../lib/platform/db";
import { readChanges } from "../../lib/events/feed";
import { headId } from "../../lib/events/store";
import { createEndpoint } from "../../lib/webhooks/endpoints";
import { startWebhooks, stopWebhooks } from "../../lib/webhooks/worker";
import { openSse, type SseClient } from "../support/sse";
import { startReceiver, waitFor, type Receiver } from "../support/webhook-receiver";
import {
  expectOk as ok,
  feedCatalogue,
  finalContest,
  h2hPrices as odds,
  ingestClient,
  startHarness,
  type Harness,
} from "./harness";

let h: Harness;
let call: ReturnType<typeof ingestClient>;
let receiver: Receiver;
let secret: string | null = null;
let sse: SseClient;
let startHead = 0;

const at = (minute: number) => new Date(Date.UTC(2026, 10, 18, 15, minute)).toISOString();
const v1 = async (path: string) => {
  const res = await fetch(`${h.baseUrl}/v1${path}`, { headers: { "X-API-Key": h.readKey } });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
};

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  receiver = await startReceiver(() => secret);
  const made = await createEndpoint(
    db,
    { accountId: h.accountId, createdById: h.userId, url: receiver.url(), eventTypes: [] },
    { userId: null, ip: "test" },
  );
  if (!made.ok) throw new Error(made.message);
  secret = made.value.secret;
  startWebhooks(db);
  startHead = await headId(db);
  sse = await openSse(`${h.baseUrl}/v1/stream`, { "X-API-Key": h.readKey });
  expect(sse.status).toBe(200);
}, 60_000);

afterAll(async () => {
  sse?.close();
  await stopWebhooks();
  await receiver?.stop();
  await h?.stop();
});

describe("a whole match through /ingest/v1", () => {
  let contestId = "";

  it("sets up the catalogue by the feed's ids and kicks off", async () => {
    const c = await feedCatalogue(call, ok, at(0));
    contestId = String(c.id);
    // The same upsert again resolves to the same contest and changes nothing.
    const again = ok(await call("PUT", "/opta/contests/final", finalContest(at(0))));
    expect(again).toMatchObject({ id: contestId, created: false, changed: false });
    ok(await call("POST", "/opta/odds", undefined, { ndjson: odds([2.6, 3.1, 2.9], at(0)) }), 201);
    ok(
      await call("POST", "/opta/contests/final/state", {
        status: "live",
        score: { home: 0, away: 0 },
        feed_at: at(1),
      }),
    );
    // The clock alone moves: a contest.clock change, and the same minute again changes nothing.
    const tick = { minute: 12, feed_at: at(12) };
    expect(ok(await call("POST", "/opta/contests/final/state", tick))).toMatchObject({ changed: true });
    const sameMinute = { minute: 12, feed_at: at(13) };
    expect(ok(await call("POST", "/opta/contests/final/state", sameMinute))).toMatchObject({
      changed: false,
    });
    const goal = {
      type: "goal",
      minute: 23,
      side: "home",
      person: "p10",
      person_name: "Messi",
      penalty: false,
    };
    ok(await call("PUT", "/opta/contests/final/events/g1", { ...goal, feed_at: at(23) }), 201);
    ok(await call("POST", "/opta/contests/final/state", { score: { home: 1, away: 0 }, feed_at: at(23) }));
    ok(await call("POST", "/opta/odds", undefined, { ndjson: odds([1.5, 4.2, 6.5], at(24)) }), 201);
    ok(
      await call("PUT", "/opta/contests/final/events/c1", {
        type: "yellow_card",
        minute: 30,
        side: "away",
        person: "p7",
        feed_at: at(30),
      }),
      201,
    );
    // The goal is corrected: a penalty in the 24th minute. Same id, revision 2.
    const fixed = ok(
      await call("PUT", "/opta/contests/final/events/g1", {
        ...goal,
        minute: 24,
        penalty: true,
        feed_at: at(31),
      }),
    );
    expect(fixed).toMatchObject({ revision: 2, created: false, changed: true });
    // The card was a mistake: deleted, a tombstone in the feed.
    const gone = ok(await call("DELETE", "/opta/contests/final/events/c1", { feed_at: at(32) }));
    expect(gone).toMatchObject({ revision: 2, changed: true });
    ok(
      await call("POST", "/opta/contests/final/state", {
        score: { home: 1, away: 0 },
        periods: { halftime: { home: 1, away: 0 } },
        feed_at: at(47),
      }),
    );
    ok(
      await call("PUT", "/opta/contests/final/events/s1", {
        type: "substitution",
        minute: 64,
        side: "home",
        person: "p11",
        related_person: "p16",
        feed_at: at(64),
      }),
      201,
    );
    ok(
      await call("PUT", "/opta/contests/final/events/g2", {
        type: "goal",
        minute: 80,
        side: "away",
        person: "p7",
        feed_at: at(80),
      }),
      201,
    );
    ok(await call("POST", "/opta/contests/final/state", { score: { home: 1, away: 1 }, feed_at: at(80) }));
    ok(await call("POST", "/opta/odds", undefined, { ndjson: odds([3.4, 2.2, 3.6], at(81)) }), 201);
    const starter = (side: string, person: string, shirt: number) => ({
      side,
      person,
      role: "starter",
      shirt_number: shirt,
    });
    const lineup = [starter("home", "p10", 10), starter("home", "p11", 11), starter("away", "p7", 10)];
    ok(await call("PUT", "/opta/contests/final/lineups", { players: lineup, feed_at: at(85) }));
    const stats = { shots: 12, shots_on_target: 5, corners: 4, fouls: 9, yellow_cards: 0, red_cards: 0 };
    const detail = { home: stats, away: { ...stats, shots: 7 }, feed_at: at(85) };
    ok(await call("PUT", "/opta/contests/final/statistics", detail));
    ok(
      await call("PUT", "/opta/contests/final/events/g3", {
        type: "goal",
        minute: 90,
        added_time: 3,
        side: "home",
        person: "p10",
        feed_at: at(94),
      }),
      201,
    );
    const final = ok(
      await call("POST", "/opta/contests/final/state", {
        status: "finished",
        score: { home: 2, away: 1 },
        periods: { full_time: { home: 2, away: 1 } },
        feed_at: at(96),
      }),
    );
    expect(final).toMatchObject({ status: "finished", changed: true });
  });

  it("a retried write with the same Idempotency-Key returns the first answer and changes nothing", async () => {
    const body = { type: "yellow_card", minute: 91, side: "away", person: "p7", feed_at: at(95) };
    const first = await call("PUT", "/opta/contests/final/events/c2", body, { idem: "retry-1" });
    expect(first.status).toBe(201);
    const head = await headId(db);
    const retry = await call("PUT", "/opta/contests/final/events/c2", body, { idem: "retry-1" });
    expect(retry.status).toBe(201);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await headId(db)).toBe(head);
    // The same key with another body is refused, not applied.
    const other = await call(
      "PUT",
      "/opta/contests/final/events/c2",
      { ...body, minute: 92 },
      { idem: "retry-1" },
    );
    expect(other.status).toBe(409);
    expect(other.json.error?.code).toBe("CONFLICT");
    expect(await headId(db)).toBe(head);
  });

  it("an update older than the stored one is ignored; an impossible transition is 409", async () => {
    const head = await headId(db);
    const stale = ok(
      await call("POST", "/opta/contests/final/state", { score: { home: 0, away: 0 }, feed_at: at(50) }),
    );
    expect(stale).toMatchObject({ ignored: true, changed: false });
    const staleEvent = ok(
      await call("PUT", "/opta/contests/final/events/g1", {
        type: "goal",
        minute: 5,
        side: "away",
        feed_at: at(2),
      }),
    );
    expect(staleEvent).toMatchObject({ ignored: true });
    const back = await call("POST", "/opta/contests/final/state", { status: "live", feed_at: at(120) });
    expect(back.status).toBe(409);
    expect(back.json.error).toEqual({
      code: "CONFLICT",
      message: "Contest status cannot go from finished to live",
    });
    expect(await headId(db)).toBe(head);
  });

  it("the stream and the webhook receiver got every change once, in order, and /v1 equals the feed", async () => {
    const feed = (await readChanges(db, startHead, {}, 1000)).items;
    const types = feed.map((e) => e.type);
    expect(types.filter((t) => t === "contest.event")).toHaveLength(8); // 6 events + correction + tombstone
    expect(types).toContain("contest.status");
    expect(types.filter((t) => t === "contest.clock")).toHaveLength(1);
    expect(types.filter((t) => t === "contest.lineups" || t === "contest.statistics")).toHaveLength(2);
    expect(types.filter((t) => t === "odds.points")).toHaveLength(3);
    await sse.waitFor((events) => events.length >= feed.length);
    expect(sse.events.map((e) => e.id)).toEqual(feed.map((e) => e.id));
    expect(sse.events.map((e) => e.event)).toEqual(types);
    const clock = JSON.parse(sse.events.find((e) => e.event === "contest.clock")!.data) as {
      data: { status: string; minute: number; period: string | null };
    };
    expect(clock.data).toMatchObject({ status: "live", minute: 12, period: null });
    await waitFor(() => receiver.received.length >= feed.length, "every change delivered");
    expect(receiver.invalid()).toBe(0);
    const hooks = receiver.received.map((r) => r.payload.data.id as string);
    expect(new Set(hooks).size).toBe(hooks.length);
    expect([...hooks].sort((a, b) => Number(a) - Number(b))).toEqual(feed.map((e) => e.id));
    expect(receiver.received.map((r) => r.payload.type)).toEqual(
      hooks.map((id) => feed.find((e) => e.id === id)!.type),
    );

    const contest = (await v1(`/contests/${contestId}`)).body.data as {
      status: string;
      participants: Array<{ side: string; score: number; halftime_score: number; outcome: string }>;
    };
    expect(contest.status).toBe("finished");
    expect(contest.participants.map((p) => [p.side, p.score, p.halftime_score, p.outcome])).toEqual([
      ["home", 2, 1, "win"],
      ["away", 1, 0, "loss"],
    ]);
    const events = (await v1(`/contests/${contestId}/events`)).body.data as {
      items: Array<{
        type: string;
        minute: number;
        penalty: boolean;
        revision: number;
        person_name: string | null;
      }>;
    };
    expect(events.items.map((e) => [e.type, e.minute, e.penalty, e.revision])).toEqual([
      ["goal", 24, true, 2],
      ["substitution", 64, false, 1],
      ["goal", 80, false, 1],
      ["goal", 90, false, 1],
      ["yellow_card", 91, false, 1],
    ]);
    const odds = (await v1(`/contests/${contestId}/odds/history?limit=100`)).body.data as {
      items: Array<{ selection: string; price: number }>;
    };
    expect(odds.items).toHaveLength(9);
    const lineups = JSON.stringify((await v1(`/contests/${contestId}/lineups`)).body.data);
    expect(lineups).toContain('"coverage":true');
    const statistics = JSON.stringify((await v1(`/contests/${contestId}/statistics`)).body.data);
    expect(statistics).toMatch(/"shots":7/);
    expect(
      odds.items
        .slice(0, 3)
        .map((o) => o.price)
        .sort(),
    ).toEqual([2.2, 3.4, 3.6]);
  });
});
