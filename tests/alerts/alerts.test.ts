import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { createApiKey } from "../../lib/keys/service";
import { rollApiKey } from "../../lib/keys/lifecycle";
import { raiseAlert } from "../../lib/alerts/raise";
import { sweepAlerts } from "../../lib/alerts/worker";
import { createQuotaWatch } from "../../lib/alerts/quota-watch";
import { saveAlertSettings } from "../../lib/alerts/settings";
import { listAlerts, markAlertsRead } from "../../lib/alerts/list";
import { createEndpoint } from "../../lib/webhooks/endpoints";
import { sendDue } from "../../lib/webhooks/sender";
import { fanOut } from "../../lib/webhooks/outbox";
import { mailbox } from "../support/mailbox";
import { startReceiver, waitFor, type Receiver } from "../support/webhook-receiver";

process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";
process.env.WEBHOOK_ALLOW_PRIVATE = "1";

let dir: string;
let db: Db;
let box: ReturnType<typeof mailbox>;
let receiver: Receiver;
let secret: string | null = null;
let accountId: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-alerts-"));
  const url = `file:${path.join(dir, "alerts.db")}`;
  await applyMigrations(url);
  db = createClient(url);
  box = mailbox();
  process.env.SMTP_URL = `smtp://127.0.0.1:${await box.listening}`;
  receiver = await startReceiver(() => secret);
  const account = await db.account.create({ data: { name: "Alerts Ltd" } });
  accountId = account.id;
  await db.user.create({ data: { email: "owner@alerts.example", accountId } });
  const ep = await createEndpoint(
    db,
    {
      accountId,
      createdById: null,
      url: receiver.url(),
      eventTypes: ["key.expiring", "account.quota_warning"],
    },
    { userId: null },
  );
  if (!ep.ok) throw new Error(ep.message);
  secret = ep.value.secret;
});
afterAll(async () => {
  await receiver?.stop();
  await box?.close();
  await db?.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
  delete process.env.SMTP_URL;
});

const DAY = 86_400_000;
const alertsOf = (type: string) => db.alert.findMany({ where: { accountId, type } });

describe("key expiry alerts", () => {
  it("an expiring key raises its alert once though the sweep runs twice: listed, emailed, delivered signed", async () => {
    const { record } = await createApiKey(db, {
      accountId,
      name: "Nightly import",
      environment: "live",
      options: { expiresAt: new Date(Date.now() + 3 * DAY) },
    });
    const first = await sweepAlerts(db);
    const second = await sweepAlerts(db);
    expect(first.raised).toBe(1);
    expect(second.raised).toBe(0);
    const rows = await alertsOf("key.expiring");
    expect(rows).toHaveLength(1);
    expect(rows[0].dedupeKey).toBe(`key.expiring:${record.id}:${record.expiresAt!.getTime()}`);
    expect(rows[0].message).toContain(record.prefix);

    await waitFor(() => box.messages.length === 1, "the alert email");
    expect(box.messages[0].to).toEqual(["owner@alerts.example"]);
    expect(box.messages[0].raw).toContain(record.prefix);
    expect(box.messages[0].raw).not.toMatch(/sk_live_[0-9A-Za-z]{32}/);
    await waitFor(
      async () => (await db.alert.findUniqueOrThrow({ where: { id: rows[0].id } })).emailState === "sent",
      "email state",
    );

    await fanOut(db);
    expect(await sendDue(db, "test-sender")).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0];
    expect(got.id).toBe(`evt_alert_${rows[0].id}`);
    expect(got.payload.type).toBe("key.expiring");
    expect(got.payload.data).toMatchObject({
      key_id: record.id,
      prefix: record.prefix,
      account_id: accountId,
    });
    expect(await sendDue(db, "test-sender")).toBe(0);
    expect(box.messages).toHaveLength(1);
  });

  it("expired and a roll's grace ending are raised once each; the endpoint only gets the types it chose", async () => {
    const expired = await createApiKey(db, { accountId, name: "Old", environment: "test" });
    await db.apiKey.update({
      where: { id: expired.record.id },
      data: { expiresAt: new Date(Date.now() - 60_000) },
    });
    const rolled = await createApiKey(db, { accountId, name: "Rolled", environment: "test" });
    const roll = await rollApiKey(db, { id: rolled.record.id }, 3_600_000, null);
    expect(roll.ok).toBe(true);
    const before = receiver.received.length;
    await sweepAlerts(db);
    await sweepAlerts(db);
    expect(await alertsOf("key.expired")).toHaveLength(1);
    const grace = await alertsOf("key.grace_ending");
    expect(grace).toHaveLength(1);
    expect(JSON.parse(grace[0].data)).toMatchObject({ key_id: rolled.record.id });
    // The rolled key is not also reported as expiring.
    expect((await alertsOf("key.expiring")).map((a) => JSON.parse(a.data).key_id)).not.toContain(
      rolled.record.id,
    );
    expect(
      await db.webhookDelivery.count({ where: { eventType: { in: ["key.expired", "key.grace_ending"] } } }),
    ).toBe(0);
    await sendDue(db, "test-sender");
    expect(receiver.received.slice(before).map((r) => r.payload.type)).toEqual([]);
  });
});

describe("raiseAlert", () => {
  it("stores a condition once under concurrent raises", async () => {
    const input = {
      accountId,
      type: "account.suspended" as const,
      dedupeKey: `account.suspended:${accountId}:1`,
      title: "Account suspended",
      message: "Suspended by an operator",
      data: { reason: "test" },
    };
    const results = await Promise.all([1, 2, 3, 4].map(() => raiseAlert(db, input).catch(() => null)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await alertsOf("account.suspended")).toHaveLength(1);
  });

  it("follows the account's channels: off for dashboard and email, nothing listed or mailed", async () => {
    await saveAlertSettings(db, accountId, { channels: { "account.quota_exhausted": ["webhook"] } });
    // The emails of the alerts raised above are sent in the background: let them finish first.
    await waitFor(
      async () => !(await db.alert.count({ where: { emailState: { in: ["pending", "sending"] } } })),
      "earlier emails",
    );
    const mailed = box.messages.length;
    const r = await raiseAlert(db, {
      accountId,
      type: "account.quota_exhausted",
      dedupeKey: `quota100:${accountId}:test`,
      title: "Quota used up",
      message: "…",
      data: {},
    });
    expect(r).not.toBeNull();
    const row = await db.alert.findUniqueOrThrow({ where: { id: r!.id } });
    expect(row).toMatchObject({ inbox: false, emailState: "off" });
    expect((await listAlerts(db, accountId)).items.map((a) => a.id)).not.toContain(r!.id);
    await new Promise((res) => setTimeout(res, 300));
    expect(box.messages.length).toBe(mailed);
  });

  it("lists unread alerts and marks them read for this account only", async () => {
    const before = await listAlerts(db, accountId);
    expect(before.unread).toBeGreaterThan(0);
    expect(await markAlertsRead(db, "another-account", "all")).toBe(0);
    expect(await markAlertsRead(db, accountId, [before.items[0].id])).toBe(1);
    expect((await listAlerts(db, accountId)).unread).toBe(before.unread - 1);
    await markAlertsRead(db, accountId, "all");
    expect((await listAlerts(db, accountId)).unread).toBe(0);
  });
});

describe("quota alerts after a flush", () => {
  it("80 % and 100 % of the plan's units raise one alert each, however often the flush repeats", async () => {
    const other = await db.account.create({ data: { name: "Quota", plan: "free" } });
    let used = 7_999;
    const watch = createQuotaWatch({ db, used: () => used });
    expect(await watch.check([other.id])).toBe(0);
    used = 8_000;
    expect(await watch.check([other.id, other.id])).toBe(1);
    expect(await watch.check([other.id])).toBe(0);
    // A second process (fresh memory) finds the stored condition and raises nothing.
    expect(await createQuotaWatch({ db, used: () => used }).check([other.id])).toBe(0);
    used = 10_000;
    expect(await watch.check([other.id])).toBe(1);
    const rows = await db.alert.findMany({ where: { accountId: other.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.type)).toEqual(["account.quota_warning", "account.quota_exhausted"]);
    expect(JSON.parse(rows[0].data)).toMatchObject({ used: 8_000, quota: 10_000, plan: "free" });
  });

  it("an unlimited plan or an unloaded ledger raises nothing", async () => {
    const big = await db.account.create({ data: { name: "Internal", plan: "unlimited" } });
    expect(await createQuotaWatch({ db, used: () => 1e12 }).check([big.id])).toBe(0);
    const free = await db.account.create({ data: { name: "Unloaded", plan: "free" } });
    expect(await createQuotaWatch({ db, used: () => undefined }).check([free.id])).toBe(0);
  });
});

describe("account.suspended (for the operator console)", () => {
  it("raiseAccountSuspended raises once per suspension", async () => {
    const { raiseAccountSuspended } = await import("../../lib/alerts/account");
    const at = new Date("2026-11-26T01:00:00Z");
    expect(await raiseAccountSuspended(db, accountId, "abuse", at)).not.toBeNull();
    expect(await raiseAccountSuspended(db, accountId, "abuse", at)).toBeNull();
    const row = await db.alert.findUniqueOrThrow({
      where: { dedupeKey: `account.suspended:${accountId}:${at.getTime()}` },
    });
    expect(row.message).toContain("abuse");
    await waitFor(
      async () => (await db.alert.findUniqueOrThrow({ where: { id: row.id } })).emailState === "sent",
      "the email",
    );
  });
});
