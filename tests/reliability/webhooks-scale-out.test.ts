import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import type { ChangeInput } from "../../lib/events/types";
import type { RunningApp } from "../support/app";
import { startReceiver, waitFor, type Receiver } from "../support/webhook-receiver";
import { connect, saveLogs, startInstances } from "./support/cluster";
import { createPgDatabase, deleteRedisPrefix, redisPrefix } from "./support/infra";

/**
 * Two lean instances on one PostgreSQL database (+ Redis, as deployed) both run the webhook
 * worker. Changes are written from a third process (this one); the receiver counts webhook-ids:
 * every event arrives exactly once per endpoint, and both instances sent some (the outbox lease,
 * FOR UPDATE SKIP LOCKED, splits the work instead of doubling it).
 */
const EVENTS = 400;
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let db: Db;
let apps: RunningApp[] = [];
let receivers: Receiver[] = [];
const prefix = redisPrefix();
const secrets: (string | null)[] = [null, null];

beforeAll(async () => {
  database = await createPgDatabase();
  db = await connect(database.url, prefix);
  process.env.NEXTAUTH_SECRET = "reliability-secret-not-for-production-0123456789";
  process.env.WEBHOOK_ALLOW_PRIVATE = "1"; // endpoints on 127.0.0.1 are accepted at creation
  receivers = await Promise.all([0, 1].map((i) => startReceiver(() => secrets[i])));
  apps = await startInstances(2, database.url, {
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: prefix,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET,
    WEBHOOK_ALLOW_PRIVATE: "1",
    WEBHOOK_POLL_MS: "50",
    WEBHOOK_RETRY_SCHEDULE: "200,400,800",
  });
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  await Promise.all(receivers.map((r) => r.stop()));
  await db?.$disconnect();
  await deleteRedisPrefix(prefix);
  database?.drop();
});

test("two instances on PostgreSQL deliver each event exactly once per endpoint", async () => {
  const { findOrCreateUser } = await import("../../lib/accounts/users");
  const { createEndpoint } = await import("../../lib/webhooks/endpoints");
  const { recordChanges } = await import("../../lib/events/changes");
  const user = await findOrCreateUser(db, "scale@example.test");
  for (const [i, r] of receivers.entries()) {
    const done = await createEndpoint(
      db,
      { accountId: user.accountId, createdById: user.id, url: r.url(`/e${i}`), eventTypes: [] },
      { userId: null, ip: "test" },
    );
    if (!done.ok) throw new Error(done.message);
    secrets[i] = done.value.secret;
  }
  const change = (n: number): ChangeInput => ({
    type: "team.created",
    resourceId: n,
    competitionId: null,
    contestId: null,
    data: { id: String(n), name: `Team ${n}`, country: "GB" },
  });
  // 40 transactions of 10, spread over ~2 s, while both workers poll.
  for (let b = 0; b < EVENTS / 10; b++) {
    await db.$transaction((tx) =>
      recordChanges(
        tx,
        Array.from({ length: 10 }, (_, i) => change(b * 10 + i)),
      ),
    );
    await new Promise((r) => setTimeout(r, 50));
  }
  await waitFor(
    () => receivers.every((r) => r.received.length >= EVENTS),
    `${EVENTS} events at both receivers`,
    90_000,
  );
  await new Promise((r) => setTimeout(r, 1500)); // any duplicate would arrive by now
  const senders = await db.webhookAttempt.groupBy({ by: ["sender"], _count: { _all: true } });
  saveLogs("webhooks-scale-out", apps);
  for (const r of receivers) {
    const counts = new Map<string, number>();
    for (const x of r.attempts) counts.set(x.id, (counts.get(x.id) ?? 0) + 1);
    expect(counts.size).toBe(EVENTS);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect(r.invalid()).toBe(0);
  }
  expect(await db.webhookDelivery.count({ where: { status: "succeeded" } })).toBe(2 * EVENTS);
  expect(await db.webhookAttempt.count()).toBe(2 * EVENTS);
  // Both instances took part.
  expect(senders).toHaveLength(2);
  console.log("attempts per instance:", senders.map((s) => s._count._all).join(", "));
});
