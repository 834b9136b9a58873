import { generateKeyPairSync, sign } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { createApiKey } from "../../lib/keys/service";
import { createEndpoint } from "../../lib/webhooks/endpoints";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { mailbox } from "../support/mailbox";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { startReceiver, waitFor, type Receiver } from "../support/webhook-receiver";
import { SignInClient } from "../accounts/support";

// The whole path on a real server: /v1 metering -> flush -> quota alert -> email (a real SMTP
// server) and signed webhook (verified with `standardwebhooks`); the leak-report endpoint over HTTP.
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";
process.env.WEBHOOK_ALLOW_PRIVATE = "1";

const PLANS = JSON.stringify({ tiny: { ratePerMinute: 600, burst: 100, monthlyUnits: 10 } });
const pair = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const KEYS_JSON = JSON.stringify({
  public_keys: [
    {
      key_identifier: "k1",
      key: pair.publicKey.export({ type: "spki", format: "pem" }).toString(),
      is_current: true,
    },
  ],
});
const password = "violet tractor anthem 42";

let app: RunningApp;
let db: Db;
let receiver: Receiver;
let secret: string | null = null;
const mail = mailbox();
let user: { id: string; accountId: string };

beforeAll(async () => {
  const url = copyTemplateDb(ensureTemplateDb());
  db = createClient(url);
  user = createUser(url, "quota-owner@example.com", password);
  await db.account.update({ where: { id: user.accountId }, data: { plan: "tiny" } });
  receiver = await startReceiver(() => secret);
  const ep = await createEndpoint(
    db,
    {
      accountId: user.accountId,
      createdById: user.id,
      url: receiver.url(),
      eventTypes: ["account.quota_warning", "account.quota_exhausted", "key.leaked"],
    },
    { userId: user.id },
  );
  if (!ep.ok) throw new Error(ep.message);
  secret = ep.value.secret;
  app = await startApp({
    databaseUrl: url,
    env: {
      STATLINE_PLANS: PLANS,
      SMTP_URL: `smtp://127.0.0.1:${await mail.listening}`,
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_POLL_MS: "200",
      LEAK_REPORT_PUBLIC_KEYS: KEYS_JSON,
      LEAK_REPORT_RATE_PER_MINUTE: "8",
    },
  });
});
afterAll(async () => {
  await app?.stop();
  await receiver?.stop();
  await mail.close();
  await db?.$disconnect();
});

const v1 = (key: string) => fetch(`${app.baseUrl}/v1/teams?limit=1`, { headers: { "X-API-Key": key } });
const report = (body: string, signature: string | null, keyId = "k1") =>
  fetch(`${app.baseUrl}/api/secret-scanning/github`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(signature
        ? { "Github-Public-Key-Identifier": keyId, "Github-Public-Key-Signature": signature }
        : {}),
    },
    body,
  });
const signed = (body: string) => sign("sha256", Buffer.from(body), pair.privateKey).toString("base64");

describe("quota alert end to end", () => {
  it(
    "a key used to 80 % of a small plan's units raises exactly one alert, by email and signed webhook",
    { timeout: 120_000 },
    async () => {
      const { key } = await createApiKey(db, {
        accountId: user.accountId,
        name: "Quota",
        environment: "test",
      });
      let units = 0;
      while (units < 8) {
        const res = await v1(key);
        expect(res.status).toBe(200);
        units += Number(res.headers.get("x-units-cost"));
      }
      expect(units).toBe(8);
      await waitFor(
        () => receiver.received.some((r) => r.payload.type === "account.quota_warning"),
        "the webhook",
      );
      const message = await waitFor(() => mail.messages.length > 0, "the email").then(() => mail.messages[0]);
      expect(message.to).toEqual(["quota-owner@example.com"]);
      expect(message.raw).toMatch(/Subject: .*80/);
      // One more request and several flushes later: still one alert, one email, one webhook.
      expect((await v1(key)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2_500));
      expect(
        await db.alert.count({ where: { accountId: user.accountId, type: "account.quota_warning" } }),
      ).toBe(1);
      expect(
        mail.messages.filter((m) => /80/.test(m.raw.split("\n").find((l) => l.startsWith("Subject")) ?? "")),
      ).toHaveLength(1);
      const hooks = receiver.received.filter((r) => r.payload.type === "account.quota_warning");
      expect(hooks).toHaveLength(1);
      expect(hooks[0].payload.data).toMatchObject({
        used: 8,
        quota: 10,
        plan: "tiny",
        account_id: user.accountId,
      });
      expect(receiver.invalid()).toBe(0);
    },
  );

  it("the dashboard lists it unread and marks it read (CSRF required)", async () => {
    const client = new SignInClient(app.baseUrl);
    expect((await client.credentials("quota-owner@example.com", password)).status).toBe(200);
    const list = await (await client.get("/api/dashboard/alerts")).json();
    expect(list.data.unread).toBeGreaterThanOrEqual(1);
    expect(list.data.items[0]).toMatchObject({
      type: expect.stringMatching(/^account\.quota_/),
      read: false,
    });
    const post = (headers: Record<string, string>) =>
      client.request("/api/dashboard/alerts/read", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ all: true }),
      });
    const refused = await post({});
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("FORBIDDEN");
    expect((await post({ "x-csrf-token": csrfTokenFor(user.id) })).status).toBe(200);
    expect((await (await client.get("/api/dashboard/alerts")).json()).data.unread).toBe(0);
    const bad = await client.request("/api/dashboard/alerts/settings", {
      method: "PATCH",
      headers: { "content-type": "application/json", "x-csrf-token": csrfTokenFor(user.id) },
      body: JSON.stringify({ channels: { "key.leaked": ["pigeon"] } }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("INVALID_PARAMETER");
  });
});

describe("leak report over HTTP", () => {
  it(
    "a tampered or unsigned report is refused and changes nothing; a signed one revokes the key",
    { timeout: 60_000 },
    async () => {
      const { record, key } = await createApiKey(db, {
        accountId: user.accountId,
        name: "Leaked",
        environment: "live",
      });
      const body = JSON.stringify([
        {
          token: key,
          type: "statline_api_key",
          url: "https://github.com/o/r/blob/1/a.env",
          source: "content",
        },
      ]);
      const sig = signed(body);
      const tampered = await report(body.replace("a.env", "b.env"), sig);
      expect(tampered.status).toBe(401);
      expect(await tampered.json()).toEqual({
        error: { code: "UNAUTHORIZED", message: "Invalid signature" },
      });
      const unsigned = await report(body, null);
      expect(unsigned.status).toBe(401);
      expect((await unsigned.json()).error.code).toBe("UNAUTHORIZED");
      expect((await report("x".repeat(300 * 1024), sig)).status).toBe(413);
      expect((await db.apiKey.findUniqueOrThrow({ where: { id: record.id } })).revokedAt).toBeNull();

      const ok = await report(body, sig);
      expect(ok.status).toBe(200);
      const answer = await ok.json();
      expect(answer).toEqual([{ token_raw: key, token_type: "statline_api_key", label: "true_positive" }]);
      expect((await db.apiKey.findUniqueOrThrow({ where: { id: record.id } })).revokedAt).not.toBeNull();
      await waitFor(async () => (await v1(key)).status === 401, "the key refused");
      const refused = await v1(key);
      expect(await refused.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "Invalid API key" } });
      await waitFor(
        () => receiver.received.some((r) => r.payload.type === "key.leaked"),
        "the key.leaked webhook",
      );

      // An unknown key of valid form gets the same shape and label as the real one did.
      const { checksumOf } = await import("../../lib/keys/checksum");
      const head = `sk_live_${"Z".repeat(26)}`;
      const unknownBody = JSON.stringify([
        { token: head + checksumOf(head), type: "statline_api_key", url: "", source: "commit" },
      ]);
      const unknown = await report(unknownBody, signed(unknownBody));
      expect(unknown.status).toBe(200);
      expect(await unknown.json()).toEqual([
        { token_raw: head + checksumOf(head), token_type: "statline_api_key", label: "true_positive" },
      ]);
    },
  );
});

describe("leak report limits", () => {
  it("past LEAK_REPORT_RATE_PER_MINUTE an address gets 429 RATE_LIMITED with Retry-After", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await report("[]", null));
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0].headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited[0].json()).error.code).toBe("RATE_LIMITED");
    expect(answers.every((r) => r.status === 401 || r.status === 429)).toBe(true);
  });
});
