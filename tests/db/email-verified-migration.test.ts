import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { createPgDatabase } from "../support/postgres";

const MIGRATION = "20261126015350_email_verification";

describe.each(["sqlite", "postgresql"] as const)("upgrading %s to verified email", (provider) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it("marks the accounts that existed verified (their live keys keep being creatable)", async () => {
    let url: string;
    if (provider === "postgresql") {
      const pg = createPgDatabase();
      cleanups.push(() => pg.drop());
      url = pg.url;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-verify-"));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      url = `file:${path.join(dir, "upgrade.db")}`;
    }
    const applied = await applyMigrations(url, MIGRATION);
    expect(applied).not.toContain(MIGRATION);
    const db: Db = createClient(url);
    cleanups.push(() => db.$disconnect());
    const createdAt = new Date("2026-01-02T03:04:05.000Z");
    const old = await db.user.create({
      data: { email: "old@example.com", createdAt, account: { create: { name: "Old" } } },
    });
    const githubVerified = new Date("2026-02-01T00:00:00.000Z");
    const gh = await db.user.create({
      data: { email: "gh@example.com", emailVerified: githubVerified, account: { create: { name: "Gh" } } },
    });
    // The upgrade runs this migration first (later ones follow it).
    expect((await applyMigrations(url))[0]).toBe(MIGRATION);
    const after = await db.user.findUniqueOrThrow({ where: { id: old.id } });
    expect(after.emailVerified?.toISOString()).toBe(createdAt.toISOString());
    // An address verified before keeps its date; a user signed up after the upgrade is unverified.
    expect((await db.user.findUniqueOrThrow({ where: { id: gh.id } })).emailVerified).toEqual(githubVerified);
    const fresh = await db.user.create({
      data: { email: "new@example.com", account: { create: { name: "N" } } },
    });
    expect(fresh.emailVerified).toBeNull();
    expect(await db.emailVerificationToken.count()).toBe(0);
  });
});
