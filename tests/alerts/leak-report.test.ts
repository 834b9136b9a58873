import { generateKeyPairSync, sign } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { createApiKey } from "../../lib/keys/service";
import { checkReport, parseReportKeys, signatureValid } from "../../lib/alerts/leak-keys";
import { handleLeakReport, LeakReport } from "../../lib/alerts/leak-report";
import { saveAlertSettings } from "../../lib/alerts/settings";

process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

let dir: string;
let db: Db;
let accountId: string;
const pair = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const publicPem = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
const KEY_ID = "test-key-1";

const signed = (body: string) => sign("sha256", Buffer.from(body), pair.privateKey).toString("base64");
const report = (token: string) =>
  JSON.stringify([
    { token, type: "statline_api_key", url: "https://github.com/o/r/blob/x/.env", source: "content" },
  ]);

/** What the endpoint does after its limit and size checks: signature, then shape, then the keys. */
async function deliver(body: string, signature: string | null, keyId: string | null = KEY_ID) {
  const checked = checkReport(Buffer.from(body), keyId, signature);
  if (!checked.ok) return checked;
  const parsed = LeakReport.safeParse(checked.value);
  if (!parsed.success) return { ok: false as const, code: "INVALID_REQUEST" };
  return { ok: true as const, answer: await handleLeakReport(db, parsed.data) };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-leak-"));
  const url = `file:${path.join(dir, "leak.db")}`;
  await applyMigrations(url);
  db = createClient(url);
  accountId = (await db.account.create({ data: { name: "Leaky" } })).id;
  process.env.LEAK_REPORT_PUBLIC_KEYS = JSON.stringify({
    public_keys: [{ key_identifier: KEY_ID, key: publicPem, is_current: true }],
  });
});
afterAll(async () => {
  delete process.env.LEAK_REPORT_PUBLIC_KEYS;
  await db?.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("leak report signature", () => {
  it("verifies GitHub's documented test payload with its published test key", () => {
    // From GitHub's secret-scanning partner programme documentation (a test key, not production).
    const pem =
      "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEsz9ugWDj5jK5ELBK42ynytbo38gP\nHzZFI03Exwz8Lh/tCfL3YxwMdLjB+bMznsanlhK0RwcGP3IDb34kQDIo3Q==\n-----END PUBLIC KEY-----";
    const body = Buffer.from(
      '[{"token":"some_token","type":"some_type","url":"some_url","source":"some_source"}]',
    );
    const sig =
      "MEUCIFLZzeK++IhS+y276SRk2Pe5LfDrfvTXu6iwKKcFGCrvAiEAhHN2kDOhy2I6eGkOFmxNkOJ+L2y8oQ9A2T9GGJo6WJY=";
    const keys = parseReportKeys(pem);
    expect(
      signatureValid(keys, body, "f9525bf080f75b3506ca1ead061add62b8633a346606dc5fe544e29231c6ee0d", sig),
    ).toBe(true);
    expect(signatureValid(keys, Buffer.concat([body, Buffer.from(" ")]), "x", sig)).toBe(false);
  });

  it("refuses keys that are not P-256 and a config with none", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({
      type: "spki",
      format: "pem",
    });
    expect(() => parseReportKeys(rsa.toString())).toThrow(/P-256/);
    expect(() => parseReportKeys("nothing here")).toThrow();
  });
});

describe("leak report", () => {
  it("a signed report of a real key revokes it, audits it and raises key.leaked once", async () => {
    const { record, key } = await createApiKey(db, { accountId, name: "Committed", environment: "live" });
    const body = report(key);
    const r = await deliver(body, signed(body));
    expect(r).toMatchObject({
      ok: true,
      answer: [{ token_raw: key, token_type: "statline_api_key", label: "true_positive" }],
    });
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: record.id } });
    expect(row.revokedAt).not.toBeNull();
    const audit = await db.auditEvent.findMany({
      where: { targetId: record.id },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((a) => a.action)).toEqual(["key.created", "key.revoked", "key.leak_reported"]);
    expect(audit[2].detail).toContain("https://github.com/o/r/blob/x/.env");
    expect(JSON.stringify(audit)).not.toContain(key.slice(16));
    // Reported again: still one alert.
    await deliver(body, signed(body));
    const alerts = await db.alert.findMany({ where: { accountId, type: "key.leaked" } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0].message).toContain(record.prefix);
    expect(alerts[0].message + alerts[0].data).not.toContain(key.slice(16));
  });

  it("a tampered, unsigned or wrongly signed report is refused and changes nothing", async () => {
    const { record, key } = await createApiKey(db, { accountId, name: "Safe", environment: "test" });
    const body = report(key);
    const sig = signed(body);
    const tampered = body.replace("statline_api_key", "statline_api_kez");
    expect(await deliver(tampered, sig)).toMatchObject({
      ok: false,
      code: "UNAUTHORIZED",
      message: "Invalid signature",
    });
    expect(await deliver(body, null)).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
    expect(await deliver(body, sig, "another-key")).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
    const flipped = Buffer.from(sig, "base64");
    flipped[flipped.length - 1] ^= 1;
    expect(await deliver(body, flipped.toString("base64"))).toMatchObject({
      ok: false,
      code: "UNAUTHORIZED",
    });
    expect(await deliver(body, "not base64 at all!")).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: record.id } });
    expect(row.revokedAt).toBeNull();
    expect(row.disabledAt).toBeNull();
    expect(await db.alert.count({ where: { dedupeKey: `key.leaked:${record.id}` } })).toBe(0);
    expect(
      await db.auditEvent.count({ where: { targetId: record.id, action: { not: "key.created" } } }),
    ).toBe(0);
  });

  it("signed but not JSON or not the partner shape: 400, nothing changes", async () => {
    expect(await deliver("not json", signed("not json"))).toMatchObject({
      ok: false,
      code: "INVALID_REQUEST",
    });
    const empty = "[]";
    expect(await deliver(empty, signed(empty))).toMatchObject({ ok: false, code: "INVALID_REQUEST" });
    const huge = JSON.stringify([{ token: "x".repeat(5000), type: "t" }]);
    expect(await deliver(huge, signed(huge))).toMatchObject({ ok: false, code: "INVALID_REQUEST" });
  });

  it("an unknown, a legacy-form or a malformed token is answered in the same shape as a known one", async () => {
    const { key } = await createApiKey(db, { accountId, name: "Known", environment: "test" });
    const unknown = `sk_test_${"Q".repeat(26)}`;
    const { checksumOf } = await import("../../lib/keys/checksum");
    const unknownValid = unknown + checksumOf(unknown);
    const tokens = [key, unknownValid, `sk_live_${"A".repeat(32)}`, "hello"];
    const body = JSON.stringify(
      tokens.map((token) => ({ token, type: "statline_api_key", url: "", source: "commit" })),
    );
    const r = await deliver(body, signed(body));
    if (!r.ok || !("answer" in r)) throw new Error("refused");
    expect(r.answer.map((a) => Object.keys(a).sort())).toEqual(
      tokens.map(() => ["label", "token_raw", "token_type"]),
    );
    // Labels come from the token's form and checksum alone: a known and an unknown valid key look alike.
    expect(r.answer.map((a) => a.label)).toEqual([
      "true_positive",
      "true_positive",
      "false_positive",
      "false_positive",
    ]);
  });

  it("the account's setting `disable` disables instead of revoking", async () => {
    await saveAlertSettings(db, accountId, { leakAction: "disable" });
    const { record, key } = await createApiKey(db, { accountId, name: "Disable me", environment: "live" });
    const body = report(key);
    await deliver(body, signed(body));
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: record.id } });
    expect(row.disabledAt).not.toBeNull();
    expect(row.revokedAt).toBeNull();
    await saveAlertSettings(db, accountId, { leakAction: "revoke" });
  });
});
