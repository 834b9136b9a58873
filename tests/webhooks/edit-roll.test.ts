import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrCreateUser } from "../../lib/accounts/users";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { createEndpoint, sendTestEvent } from "../../lib/webhooks/endpoints";
import { rollSigningSecret, updateEndpoint } from "../../lib/webhooks/edit";
import { MAX_RESPONSE_BYTES } from "../../lib/webhooks/response";
import { dashboardUrlProblem } from "../../lib/webhooks/ssrf";
import { deliveryDetail } from "../../lib/webhooks/views";
import { startWebhooks, stopWebhooks } from "../../lib/webhooks/worker";
import { waitFor } from "../support/webhook-receiver";

/**
 * Endpoint edit, signing-secret roll with an overlap window (both secrets verify with the
 * `standardwebhooks` package while it lasts, only the new one after), and what an attempt keeps of
 * the receiver's answer (status, headers, the body's first 4 KB). Real HTTP, real SQLite.
 */
Object.assign(process.env, {
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
  WEBHOOK_ALLOW_PRIVATE: "1",
  WEBHOOK_POLL_MS: "100",
  WEBHOOK_RETRY_SCHEDULE: "60000",
  WEBHOOK_TIMEOUT_MS: "2000",
});

interface Raw {
  body: string;
  headers: Record<string, string>;
}

let dir: string;
let db: Db;
let accountId: string;
let server: http.Server;
let port = 0;
const got: Raw[] = [];
const sockets = new Set<net.Socket>();
const actor = { userId: null, ip: "test" };
const BIG = "z".repeat(10_000);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-webhook-edit-"));
  const url = `file:${path.join(dir, "hooks.db")}`;
  await applyMigrations(url);
  db = createClient(url);
  accountId = (await findOrCreateUser(db, "edit@example.com")).accountId;
  // A receiver that keeps each request as sent; the tests verify it with one secret or the other.
  server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      got.push({ body, headers: req.headers as Record<string, string> });
      res.writeHead(200, { "content-type": "text/plain", "x-receiver": "edit-test" }).end(BIG);
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as net.AddressInfo).port;
  startWebhooks(db);
});
afterAll(async () => {
  await stopWebhooks();
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => server?.close(() => r()));
  await db?.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function newEndpoint() {
  const done = await createEndpoint(
    db,
    { accountId, createdById: null, url: `http://127.0.0.1:${port}/hook`, eventTypes: [] },
    actor,
  );
  if (!done.ok) throw new Error(done.message);
  return done.value;
}

/** Sends a test event and returns the request the receiver got for it. */
async function deliverTest(endpointId: string): Promise<Raw & { eventId: string }> {
  const sent = await sendTestEvent(db, { id: endpointId, accountId }, actor);
  if (!sent.ok) throw new Error(sent.message);
  const { eventId } = sent.value;
  await waitFor(() => got.some((g) => g.headers["webhook-id"] === eventId), `delivery ${eventId}`);
  return { ...got.find((g) => g.headers["webhook-id"] === eventId)!, eventId };
}

const verifies = (secret: string, r: Raw) => {
  try {
    new Webhook(secret).verify(r.body, r.headers);
    return true;
  } catch {
    return false;
  }
};

describe("webhook endpoint edit and secret roll", () => {
  it("during the overlap both secrets verify; after it, and after a roll without overlap, only the new one", async () => {
    const { endpoint, secret: first } = await newEndpoint();
    const before = await deliverTest(endpoint.id);
    expect(verifies(first, before)).toBe(true);

    const rolled = await rollSigningSecret(db, { id: endpoint.id, accountId }, 24 * 3_600_000, actor);
    if (!rolled.ok) throw new Error(rolled.message);
    const second = rolled.value.secret;
    expect(second).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(second).not.toBe(first);
    const until = Date.parse(rolled.value.endpoint.previousSecretUntil!);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const during = await deliverTest(endpoint.id);
    expect(during.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(verifies(second, during)).toBe(true);
    expect(verifies(first, during)).toBe(true);

    // The window ends: only the new secret signs.
    await db.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { previousSecretUntil: new Date(Date.now() - 1000) },
    });
    const after = await deliverTest(endpoint.id);
    expect(after.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(verifies(second, after)).toBe(true);
    expect(verifies(first, after)).toBe(false);

    // No overlap: the old secret stops at once.
    const again = await rollSigningSecret(db, { id: endpoint.id, accountId }, 0, actor);
    if (!again.ok) throw new Error(again.message);
    expect(again.value.endpoint.previousSecretUntil).toBeNull();
    const third = await deliverTest(endpoint.id);
    expect(verifies(again.value.secret, third)).toBe(true);
    expect(verifies(second, third)).toBe(false);

    const audit = await db.auditEvent.findMany({ where: { accountId, action: "webhook.secret_rolled" } });
    expect(audit).toHaveLength(2);
    // The audit never holds a secret.
    for (const a of audit) expect(JSON.stringify(a)).not.toMatch(/whsec_/);
  });

  it("an attempt keeps the response status, headers and the body's first 4 KB; the detail shows the payload", async () => {
    const { endpoint } = await newEndpoint();
    const sent = await deliverTest(endpoint.id);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { eventId: sent.eventId } });
    await waitFor(
      async () => (await db.webhookAttempt.count({ where: { deliveryId: delivery.id } })) > 0,
      "the attempt row",
    );
    const detail = await deliveryDetail(db, { id: endpoint.id, accountId, deliveryId: delivery.id });
    expect(detail!.payload).toBe(sent.body);
    const attempt = detail!.attemptLog[0];
    expect(attempt.statusCode).toBe(200);
    expect(new Map(attempt.responseHeaders).get("x-receiver")).toBe("edit-test");
    expect(attempt.response).toBe(BIG.slice(0, MAX_RESPONSE_BYTES));
    // Another account sees nothing.
    const other = (await findOrCreateUser(db, "other@example.com")).accountId;
    expect(
      await deliveryDetail(db, { id: endpoint.id, accountId: other, deliveryId: delivery.id }),
    ).toBeNull();
  });

  it("edits URL, description and event types; a private URL is refused naming the setting; another account's is 404", async () => {
    const { endpoint } = await newEndpoint();
    const edited = await updateEndpoint(
      db,
      { id: endpoint.id, accountId },
      {
        url: `http://127.0.0.1:${port}/moved`,
        description: "staging receiver",
        eventTypes: ["contest.score"],
      },
      actor,
    );
    if (!edited.ok) throw new Error(edited.message);
    expect(edited.value).toMatchObject({
      url: `http://127.0.0.1:${port}/moved`,
      description: "staging receiver",
      eventTypes: ["contest.score"],
    });
    const audit = await db.auditEvent.findFirstOrThrow({
      where: { targetId: endpoint.id, action: "webhook.updated" },
    });
    expect(audit.detail).toContain("url, description, eventTypes");

    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    try {
      const refused = await updateEndpoint(
        db,
        { id: endpoint.id, accountId },
        { url: "http://10.0.0.7/h" },
        actor,
      );
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      expect(refused.code).toBe("INVALID_PARAMETER");
      expect(dashboardUrlProblem(refused.message)).toContain("WEBHOOK_ALLOW_PRIVATE=1");
      // The dashboard names the host it refused, and marks the URL field.
      expect(dashboardUrlProblem(refused.message, "http://10.0.0.7/h")).toMatch(
        /^10\.0\.0\.7 is a private, loopback or link-local address; .*WEBHOOK_ALLOW_PRIVATE=1/,
      );
      expect(refused.field).toBe("url");
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    }
    const bad = await updateEndpoint(db, { id: endpoint.id, accountId }, { url: "ftp://x.example/" }, actor);
    expect(bad).toMatchObject({ ok: false, code: "INVALID_PARAMETER" });
    const long = await updateEndpoint(
      db,
      { id: endpoint.id, accountId },
      { description: "d".repeat(201) },
      actor,
    );
    expect(long).toMatchObject({ ok: false, code: "INVALID_PARAMETER" });
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.url).toBe(`http://127.0.0.1:${port}/moved`);

    const other = (await findOrCreateUser(db, "someone@example.com")).accountId;
    const foreign = await updateEndpoint(
      db,
      { id: endpoint.id, accountId: other },
      { description: "x" },
      actor,
    );
    expect(foreign).toMatchObject({ ok: false, code: "NOT_FOUND" });
    const roll = await rollSigningSecret(db, { id: endpoint.id, accountId: other }, 0, actor);
    expect(roll).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });
});
