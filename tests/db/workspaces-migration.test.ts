import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { prismaPaths } from "../../lib/platform/db/config";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { findKeyForAuth } from "../../lib/keys/auth-record";
import { secretMatches, splitKey } from "../../lib/keys/format";
import { createApiKey } from "../../lib/keys/service";
import { resolveWorkspace } from "../../lib/workspaces/store";
import { createPgDatabase } from "../support/postgres";

const MIGRATION = fs.readdirSync(prismaPaths("sqlite").migrations).find((m) => m.endsWith("_workspaces"))!;

/** What the /v1 verifier decides for a key, through the same lookup and hash comparison. */
async function authenticates(db: Db, key: string): Promise<boolean> {
  const { prefix, secret } = splitKey(key);
  const found = await findKeyForAuth(db, prefix);
  return Boolean(
    found && secretMatches(secret, found.secretHash) && !found.revoked && !found.disabled && !found.suspended,
  );
}

describe.each(["sqlite", "postgresql"] as const)("upgrading %s to workspaces", (provider) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it("makes every user the owner of its account and keeps keys, usage and webhooks", async () => {
    let url: string;
    if (provider === "postgresql") {
      const pg = createPgDatabase();
      cleanups.push(() => pg.drop());
      url = pg.url;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ws-"));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      url = `file:${path.join(dir, "upgrade.db")}`;
    }
    expect(MIGRATION).toBeTruthy();
    const applied = await applyMigrations(url, MIGRATION);
    expect(applied).not.toContain(MIGRATION);
    const db: Db = createClient(url);
    cleanups.push(() => db.$disconnect());

    // The previous schema: two accounts with a user each, keys, usage and a webhook endpoint.
    const keys: string[] = [];
    const users: { id: string; accountId: string }[] = [];
    for (const name of ["Alpha", "Beta"]) {
      const user = await db.user.create({
        data: { email: `${name.toLowerCase()}@example.com`, account: { create: { name } } },
      });
      users.push(user);
      for (const environment of ["test", "live"] as const) {
        const made = await createApiKey(db, {
          accountId: user.accountId,
          name: `${name} ${environment}`,
          environment,
          createdById: user.id,
          source: "dashboard",
        });
        keys.push(made.key);
        await db.usageBucket.create({
          data: {
            accountId: user.accountId,
            apiKeyId: made.record.id,
            minute: new Date("2026-11-01T10:00:00.000Z"),
            endpoint: "/v1/teams",
            statusClass: "2xx",
            requests: 7,
            units: 7,
          },
        });
      }
      // Only the id back: the client knows columns later migrations add, this database does not yet.
      await db.webhookEndpoint.create({
        data: { accountId: user.accountId, url: "https://hooks.example.com/x", secret: "whsec_test" },
        select: { id: true },
      });
    }
    for (const key of keys) expect(await authenticates(db, key)).toBe(true);

    expect(await applyMigrations(url)).toContain(MIGRATION);

    for (const user of users) {
      const rows = await db.membership.findMany({ where: { userId: user.id } });
      expect(rows.map((r) => [r.accountId, r.role])).toEqual([[user.accountId, "owner"]]);
      expect(await resolveWorkspace(db, user, null)).toEqual({ accountId: user.accountId, role: "owner" });
    }
    for (const key of keys) expect(await authenticates(db, key)).toBe(true);
    expect(await db.apiKey.count()).toBe(4);
    expect((await db.usageBucket.aggregate({ _sum: { requests: true } }))._sum.requests).toBe(28);
    expect(await db.webhookEndpoint.count()).toBe(2);
    // Another account's id is not a workspace of this user.
    expect(await resolveWorkspace(db, users[0], users[1].accountId)).toBeNull();
  });
});
