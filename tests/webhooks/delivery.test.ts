import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrCreateUser } from "../../lib/accounts/users";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { recordChanges } from "../../lib/events/changes";
import { readChanges } from "../../lib/events/feed";
import type { ChangeInput } from "../../lib/events/types";
import { createEndpoint, resendDelivery, sendTestEvent } from "../../lib/webhooks/endpoints";
import { MANUAL_BURST } from "../../lib/webhooks/manual-throttle";
import { startWebhooks, stopWebhooks, wakeWebhooks } from "../../lib/webhooks/worker";
import { startReceiver, waitFor, type Receiver } from "../support/webhook-receiver";

/**
 * Deliveries over real HTTP to a local receiver that verifies each one with the `standardwebhooks`
 * package, from the worker a serving process runs (in this process, on a real SQLite database),
 * with a fast retry schedule.
 */
Object.assign(process.env, {
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
  WEBHOOK_ALLOW_PRIVATE: "1",
  WEBHOOK_POLL_MS: "100",
  WEBHOOK_RETRY_SCHEDULE: "150,300,300,300,300,300,300,300,300,300,300,300",
  WEBHOOK_TIMEOUT_MS: "2000",
  // The disable rule is tightened only in its own test (the outage test must not trip it).
  WEBHOOK_DISABLE_AFTER_FAILURES: "1000",
  WEBHOOK_DISABLE_AFTER: "0",
});

let dir: string;
let db: Db;
let accountId: string;
let userId: string;
let receiver: Receiver;
const secrets = new Map<string, string>();
let secret: string | null = null;
const actor = { userId: null, ip: "test" };

const team = (n: number): ChangeInput => ({
  type: "team.created",
  resourceId: n,
  competitionId: null,
  contestId: null,
  data: { id: String(n), name: `Team ${n}`, country: "GB" },
});
const score = (n: number): ChangeInput => ({
  type: "contest.score",
  resourceId: n,
  competitionId: 1,
  contestId: n,
  data: { id: String(n), status: "live", participants: [{ side: "home", score: n % 4 }] },
});
const write = (changes: ChangeInput[]) => db.$transaction((tx) => recordChanges(tx, changes));
const ids = (r: { id: string }[]) => r.map((x) => x.id);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-webhooks-"));
  const url = `file:${path.join(dir, "hooks.db")}`;
  await applyMigrations(url);
  db = createClient(url);
  const user = await findOrCreateUser(db, "hooks@example.com");
  accountId = user.accountId;
  userId = user.id;
  receiver = await startReceiver(() => secret);
  startWebhooks(db);
});
afterAll(async () => {
  await stopWebhooks();
  await receiver?.stop();
  await db?.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function addEndpoint(url: string, eventTypes: ChangeInput["type"][] = []) {
  const done = await createEndpoint(db, { accountId, createdById: userId, url, eventTypes }, actor);
  if (!done.ok) throw new Error(done.message);
  expect(done.value.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  secrets.set(done.value.endpoint.id, done.value.secret);
  return done.value;
}

describe("webhook deliveries", () => {
  it("signs every delivery per Standard Webhooks; the body carries the change as /v1/changes returns it", async () => {
    const { endpoint, secret: s } = await addEndpoint(receiver.url());
    secret = s;
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(stored.secret).not.toContain(s.slice(6)); // sealed at rest
    await write([team(1), team(2), score(3)]);
    wakeWebhooks();
    await waitFor(() => receiver.received.length === 3, "3 deliveries");
    expect(receiver.invalid()).toBe(0);
    const feed = (await readChanges(db, 0, {}, 100)).items;
    expect(
      receiver.received.map((r) => r.payload).sort((a, b) => Number(a.data.id) - Number(b.data.id)),
    ).toEqual(feed.map((e) => ({ type: e.type, timestamp: e.at, data: e })));
    expect(ids(receiver.received).sort()).toEqual(feed.map((e) => `evt_${e.id}`).sort());
    // The receiver answers before the sender records the outcome.
    await waitFor(
      async () =>
        (await db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: "succeeded" } })) === 3,
      "3 deliveries recorded as succeeded",
    );
    expect(await db.webhookAttempt.count()).toBe(3);
  });

  it("a failed attempt is retried with the same webhook-id", async () => {
    const firstSeen = new Set<string>();
    receiver.setRespond((r) => {
      if (firstSeen.has(r.id)) return 200;
      firstSeen.add(r.id);
      return 503;
    });
    const before = receiver.received.length;
    await write([team(4), team(5)]);
    await waitFor(() => receiver.received.length === before + 2, "2 retried deliveries");
    const tried = receiver.attempts.slice(-4);
    for (const id of ids(receiver.received.slice(before)))
      expect(tried.filter((a) => a.id === id)).toHaveLength(2);
    const eventId = receiver.received[before].id;
    await waitFor(
      async () => (await db.webhookDelivery.findFirstOrThrow({ where: { eventId } })).status === "succeeded",
      "the retried delivery recorded",
    );
    const d = await db.webhookDelivery.findFirstOrThrow({ where: { eventId } });
    expect(d).toMatchObject({ status: "succeeded", attempts: 2, lastStatusCode: 200 });
    receiver.setRespond(() => 200);
  });

  it("a receiver outage loses nothing: every event arrives after it comes back, each id once", async () => {
    await receiver.stop();
    const written = await write(Array.from({ length: 20 }, (_, i) => team(100 + i)));
    await waitFor(
      async () =>
        (await db.webhookDelivery.count({ where: { status: "failed", attempts: { gte: 2 } } })) >= 20,
      "20 deliveries failing while the receiver is down",
    );
    await receiver.start();
    await waitFor(() => receiver.received.length === 25, "all 25 events");
    const counts = new Map<string, number>();
    for (const r of receiver.received) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.has(`evt_${written}`)).toBe(true);
    expect(receiver.invalid()).toBe(0);
  });

  it("filters by event type", async () => {
    const only = await startReceiver(() => secrets.get(endpointId) ?? null);
    const { endpoint } = await addEndpoint(only.url("/scores"), ["contest.score"]);
    const endpointId = endpoint.id;
    await write([team(200), score(201), team(202), score(203)]);
    await waitFor(() => only.received.length === 2, "2 contest.score deliveries");
    await new Promise((r) => setTimeout(r, 500));
    expect(only.received.map((r) => r.payload.type)).toEqual(["contest.score", "contest.score"]);
    await only.stop();
  });

  it("test event and resend reach the receiver; resend keeps the webhook-id", async () => {
    const [ep] = await db.webhookEndpoint.findMany({ where: { url: receiver.url() } });
    const test = await sendTestEvent(db, { id: ep.id, accountId }, actor);
    if (!test.ok) throw new Error(test.message);
    await waitFor(() => receiver.received.some((r) => r.id === test.value.eventId), "the test event");
    const got = receiver.received.find((r) => r.id === test.value.eventId)!;
    expect(got.payload.type).toBe("webhook.test");
    const d = await db.webhookDelivery.findFirstOrThrow({ where: { eventId: test.value.eventId } });
    expect(
      await resendDelivery(db, { id: ep.id, accountId: "another", deliveryId: d.id }, actor),
    ).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
    const resent = await resendDelivery(db, { id: ep.id, accountId, deliveryId: d.id }, actor);
    expect(resent.ok).toBe(true);
    await waitFor(
      () => receiver.received.filter((r) => r.id === test.value.eventId).length === 2,
      "the resend",
    );
    const audit = await db.auditEvent.findMany({ where: { targetId: ep.id }, select: { action: true } });
    expect(audit.map((a) => a.action).sort()).toEqual([
      "webhook.created",
      "webhook.resent",
      "webhook.test_sent",
    ]);
  });

  it("test events and resends are rate-limited per account (MANUAL_BURST, then 429 RATE_LIMITED)", async () => {
    const [ep] = await db.webhookEndpoint.findMany({ where: { url: receiver.url() } });
    // The test above spent 2 of this account's tokens (a test event and a resend).
    const codes: string[] = [];
    for (let i = 0; i < MANUAL_BURST; i++) {
      const r = await sendTestEvent(db, { id: ep.id, accountId }, actor);
      codes.push(r.ok ? "ok" : r.code);
    }
    expect(codes.filter((c) => c === "ok")).toHaveLength(MANUAL_BURST - 2);
    expect(codes.slice(-2)).toEqual(["RATE_LIMITED", "RATE_LIMITED"]);
    const d = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: ep.id } });
    const resend = await resendDelivery(db, { id: ep.id, accountId, deliveryId: d.id }, actor);
    expect(resend).toMatchObject({ ok: false, code: "RATE_LIMITED", message: /retry in \d+ s/ });
    const queued = await db.webhookDelivery.count({
      where: { endpointId: ep.id, eventType: "webhook.test" },
    });
    expect(queued).toBe(1 + MANUAL_BURST - 2);
  });

  it("disables an endpoint after the documented run of failures (4 here), audited, and stops sending", async () => {
    const failing = await startReceiver(() => secrets.get(failingId) ?? null);
    failing.setRespond(() => 500);
    process.env.WEBHOOK_DISABLE_AFTER_FAILURES = "4";
    const { endpoint } = await addEndpoint(failing.url("/down"));
    const failingId = endpoint.id;
    // One event, so attempts are sequential and the count is exact.
    await write([team(300)]);
    await waitFor(
      async () =>
        Boolean((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: failingId } })).disabledAt),
      "the endpoint to be disabled",
    );
    const ep = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: failingId } });
    expect(ep.consecutiveFailures).toBe(4);
    expect(ep.disabledReason).toMatch(/^4 failed attempts in a row since /);
    const audit = await db.auditEvent.findMany({
      where: { targetId: failingId, action: "webhook.disabled" },
    });
    expect(audit).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(failing.attempts).toHaveLength(4);
    expect(await db.webhookAttempt.count({ where: { delivery: { endpointId: failingId } } })).toBe(4);
    await failing.stop();
  });
});
