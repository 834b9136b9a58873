import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * Twins: one write sent twice at the same moment under one Idempotency-Key (to two instances) is
 * written once and both answer alike; a team rename that meets its own new name (another write of
 * it committed after the row was read) is not a conflict.
 */
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-twins-"));
  const url = `file:${path.join(dir, "ingest.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

// The row a rename reads can be older than the name index it checks next (a concurrent rename
// committed in between): `stale` replays that interleaving deterministically.
const stale = vi.hoisted(() => ({
  row: null as null | { id: number; name: string; country: string | null },
}));
vi.mock("../../lib/ingest/store/identity", async (actual) => {
  const mod = await actual<typeof import("../../lib/ingest/store/identity")>();
  return { ...mod, teamRow: async (...a: Parameters<typeof mod.teamRow>) => stale.row ?? mod.teamRow(...a) };
});

import { db } from "../../lib/platform/db";
import { commitInTransaction, type Committed } from "../../lib/ingest/commit";
import { upsertTeam } from "../../lib/ingest/entities";
import { requestHash } from "../../lib/ingest/idempotency";
import { teamRow } from "../../lib/ingest/store/identity";
import { expectOk as ok, ingestClient, startHarness, type Harness } from "./harness";

let h: Harness;
let call: ReturnType<typeof ingestClient>;
let teamId = 0;
const at = (min: number) => new Date(Date.UTC(2026, 10, 1, 15, min));

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  const t = ok(
    await call("PUT", "/twin/teams/t1", { name: "Alder Twin", country: "GB", feed_at: at(0).toISOString() }),
    201,
  );
  teamId = Number(t.id);
}, 60_000);
afterAll(() => h?.stop());

describe("twins under one Idempotency-Key", () => {
  it("the second waits for the first and answers with its answer without running the write", async () => {
    const idem = { keyId: "twin-key", idemKey: "rename-1", hash: requestHash("PUT", "/twin/teams/t1", "b") };
    const body = { name: "Birch Twin", country: "GB", feed_at: at(1) };
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let secondRan = false;
    const first = commitInTransaction(idem, async (tx) => {
      await gate;
      return upsertTeam(tx, "twin", "t1", body);
    });
    // Give the first transaction time to begin and claim the key before the twin arrives.
    await new Promise((r) => setTimeout(r, 50));
    const second = commitInTransaction(idem, async (tx) => {
      secondRan = true;
      return upsertTeam(tx, "twin", "t1", body);
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    const [a, b] = (await Promise.all([first, second])) as [Committed, Committed];
    expect(secondRan).toBe(false);
    expect(b.answer).toEqual(a.answer);
    expect([a.changed, b.changed]).toEqual([true, false]);
    expect(JSON.parse(a.answer.body).data).toMatchObject({ id: String(teamId), changed: true });
    const changes = await db.change.count({ where: { type: "team.updated", resourceId: teamId } });
    expect(changes).toBe(1);
  });
});

describe("a rename meeting its own new name", () => {
  it("is no conflict: the team holding the name is the team renamed", async () => {
    const before = await teamRow(db, teamId);
    expect(before?.name).toBe("Birch Twin");
    ok(
      await call("PUT", "/twin/teams/t1", {
        name: "Cedar Twin",
        country: "GB",
        feed_at: at(2).toISOString(),
      }),
    );
    // The twin read the row before the rename above committed and checks the name after it.
    stale.row = before;
    try {
      const r = await call("PUT", "/twin/teams/t1", {
        name: "Cedar Twin",
        country: "GB",
        feed_at: at(3).toISOString(),
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    } finally {
      stale.row = null;
    }
    expect((await teamRow(db, teamId))?.name).toBe("Cedar Twin");
  });
});
