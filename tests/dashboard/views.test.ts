import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditPage } from "../../lib/audit/views";
import { listKeyViews } from "../../lib/keys/views";
import { overview } from "../../lib/overview/overview";
import { createApiKey, onKeyRevoked, revokeApiKey } from "../../lib/keys/service";
import { perProcess } from "../../lib/platform/process-state";
import { sqliteTestDb, type TestDb } from "../support/databases";

describe("dashboard views", () => {
  let t: TestDb;
  let accountId: string;
  let userId: string;
  beforeAll(async () => {
    t = await sqliteTestDb();
    const user = await t.db.user.create({
      data: { email: "v@example.com", account: { create: { name: "v" } } },
    });
    accountId = user.accountId;
    userId = user.id;
  });
  afterAll(() => t?.drop());

  it("lists keys without any secret material", async () => {
    const { record, key } = await createApiKey(t.db, {
      accountId,
      name: "Backend",
      environment: "live",
      createdById: userId,
    });
    await t.db.apiKey.update({
      where: { id: record.id },
      data: { lastUsedAt: new Date("2026-01-02T03:04:00Z") },
    });
    const views = await listKeyViews(t.db, accountId);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      name: "Backend",
      environment: "live",
      prefix: key.slice(0, 16),
      lastUsedAt: "2026-01-02T03:04:00.000Z",
      revokedAt: null,
    });
    expect(views[0].createdBy).toEqual({ email: "v@example.com", name: null });
    // Who created it, so the page offers a developer actions on its own keys only.
    expect(views[0].createdById).toBe(userId);
    const json = JSON.stringify(views);
    expect(json).not.toContain(key.slice(16));
    expect(json).not.toContain(record.secretHash);
    expect(Object.keys(views[0]).sort()).toEqual([
      "allowedIps",
      "createdAt",
      "createdBy",
      "createdById",
      "disabledAt",
      "environment",
      "expiresAt",
      "id",
      "lastUsedAt",
      "name",
      "note",
      "prefix",
      "rateLimit",
      "restricted",
      "revokedAt",
      "revokedBy",
      "rolledFrom",
      "rolledTo",
      "scopes",
      "source",
      "unitCap",
    ]);
  });

  it("a connected app's key was last used when its connection last called, as Connected apps says", async () => {
    // An account of its own: the other cases count this account's keys and events.
    const other = await t.db.user.create({
      data: { email: "mcp@example.com", account: { create: { name: "mcp" } } },
    });
    const accountId = other.accountId;
    const { record } = await createApiKey(t.db, {
      accountId,
      name: "Claude (MCP)",
      environment: "test",
      createdById: other.id,
      source: "agent",
    });
    const unused = (await listKeyViews(t.db, accountId)).find((v) => v.id === record.id)!;
    expect(unused.lastUsedAt).toBeNull();
    await t.db.oAuthGrant.create({
      data: {
        id: "grant-views-1",
        clientId: "client-1",
        status: "active",
        codeChallenge: "x",
        redirectUri: "http://127.0.0.1:5000/cb",
        resource: "http://localhost:3000/mcp",
        requestedScopes: "teams",
        expiresAt: new Date("2030-01-01T00:00:00Z"),
        accountId,
        apiKeyId: record.id,
        lastUsedAt: new Date("2026-03-04T05:06:00Z"),
      },
    });
    const used = (await listKeyViews(t.db, accountId)).find((v) => v.id === record.id)!;
    expect(used.lastUsedAt).toBe("2026-03-04T05:06:00.000Z");
    // A later metered use of the key itself wins.
    await t.db.apiKey.update({
      where: { id: record.id },
      data: { lastUsedAt: new Date("2026-05-01T00:00:00Z") },
    });
    const later = (await listKeyViews(t.db, accountId)).find((v) => v.id === record.id)!;
    expect(later.lastUsedAt).toBe("2026-05-01T00:00:00.000Z");
  });

  it("revoking tells in-process listeners at once and another account cannot revoke", async () => {
    const { record } = await createApiKey(t.db, {
      accountId,
      name: "Temp",
      environment: "test",
      createdById: userId,
    });
    const heard: string[] = [];
    const stop = onKeyRevoked((prefix) => heard.push(prefix));
    // The listener set is process-wide (perProcess), shared by every bundle of the module.
    expect(perProcess("revocationListeners", () => new Set<unknown>()).size).toBeGreaterThan(0);
    expect(await revokeApiKey(t.db, { accountId: "someone-else", id: record.id }, userId)).toBeNull();
    expect(heard).toEqual([]);
    await revokeApiKey(t.db, { accountId, id: record.id }, userId, { ip: "127.0.0.1" });
    stop();
    expect(heard).toEqual([record.prefix]);
  });

  it("pages the audit log newest first with a cursor", async () => {
    const first = await auditPage(t.db, accountId, 2);
    expect(first.items.map((e) => e.action)).toEqual(["key.revoked", "key.created"]);
    expect(first.items[0]).toMatchObject({ ip: "127.0.0.1", actor: { email: "v@example.com" } });
    const second = await auditPage(t.db, accountId, 2, first.nextCursor!);
    expect(second.items.map((e) => e.action)).toEqual(["key.created"]);
    expect(second.nextCursor).toBeNull();
    expect((await auditPage(t.db, "someone-else", 10)).items).toEqual([]);
    // The dashboard's filter: one category of actions (lib/audit/labels.ts).
    const keys = await auditPage(t.db, accountId, 10, undefined, "keys");
    expect(keys.items.map((e) => e.action)).toEqual(["key.revoked", "key.created", "key.created"]);
    expect((await auditPage(t.db, accountId, 10, undefined, "webhooks")).items).toEqual([]);
  });

  it("the quick start uses a key of the switch's environment only, test by default", async () => {
    const o = await overview(t.db, accountId);
    expect(o.keys).toEqual({ active: 1, disabled: 0, revoked: 1, live: 1, test: 0 });
    // the only active key is live: the test view offers none rather than a live one
    expect(o.environment).toBe("test");
    expect(o.quickStartPrefix).toBeNull();
    expect(o.lastRequest).toBeNull();
    expect((await overview(t.db, accountId, "live")).quickStartPrefix).toMatch(/^sk_live_/);
    const { record } = await createApiKey(t.db, {
      accountId,
      name: "Dev",
      environment: "test",
      createdById: userId,
    });
    expect((await overview(t.db, accountId)).quickStartPrefix).toBe(record.prefix);
    // The instance's address comes from the caller (NEXTAUTH_URL or the request's origin).
    expect((await overview(t.db, accountId, "test", "https://stats.example")).baseUrl).toBe(
      "https://stats.example",
    );
    // A disabled key is not "active" (a review saw "2 active" with one disabled) and never quick-started.
    await t.db.apiKey.update({ where: { id: record.id }, data: { disabledAt: new Date() } });
    const after = await overview(t.db, accountId);
    expect(after.keys).toEqual({ active: 1, disabled: 1, revoked: 1, live: 1, test: 0 });
    expect(after.quickStartPrefix).toBeNull();
  });
});
