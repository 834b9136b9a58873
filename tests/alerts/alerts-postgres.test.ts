import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, urlOf, type Db } from "../../lib/platform/db/client";
import { createApiKey } from "../../lib/keys/service";
import { raiseAlert } from "../../lib/alerts/raise";
import { sweepAlerts } from "../../lib/alerts/worker";
import { createEndpoint } from "../../lib/webhooks/endpoints";
import { postgresTestDb, type TestDb } from "../support/databases";

// Two instances on one PostgreSQL database (two clients, two pools): each condition is stored
// once, whoever raises it, and its webhook deliveries exist once per endpoint.
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

let t: TestDb;
let other: Db;
let accountId: string;

beforeAll(async () => {
  t = await postgresTestDb();
  other = createClient(urlOf(t.db));
}, 120_000);
afterAll(async () => {
  await other?.$disconnect().catch(() => {});
  await t?.drop();
});

describe("alerts on PostgreSQL with two instances", () => {
  it("concurrent raises and sweeps from two clients store each condition once", async () => {
    accountId = (await t.db.account.create({ data: { name: "PG alerts" } })).id;
    const ep = await createEndpoint(
      t.db,
      { accountId, createdById: null, url: "https://hooks.example.com/in", eventTypes: [] },
      { userId: null },
    );
    expect(ep.ok).toBe(true);
    const input = {
      accountId,
      type: "account.quota_warning" as const,
      dedupeKey: `quota80:${accountId}:2026-11`,
      title: "80 %",
      message: "…",
      data: {},
    };
    const raised = await Promise.all(
      [t.db, other, t.db, other].map((db) => raiseAlert(db, input).catch((e: unknown) => e)),
    );
    expect(raised.filter((r) => r && typeof r === "object" && "id" in r)).toHaveLength(1);
    expect(raised.filter((r) => r instanceof Error)).toEqual([]);
    expect(await t.db.alert.count({ where: { dedupeKey: input.dedupeKey } })).toBe(1);
    expect(await t.db.webhookDelivery.count({ where: { eventType: "account.quota_warning" } })).toBe(1);

    await createApiKey(t.db, {
      accountId,
      name: "Expiring",
      environment: "live",
      options: { expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const sweeps = await Promise.all([sweepAlerts(t.db), sweepAlerts(other), sweepAlerts(t.db)]);
    expect(sweeps.reduce((n, s) => n + s.raised, 0)).toBe(1);
    expect(await t.db.alert.count({ where: { accountId, type: "key.expiring" } })).toBe(1);
    expect(await t.db.webhookDelivery.count({ where: { eventType: "key.expiring" } })).toBe(1);
  });
});
