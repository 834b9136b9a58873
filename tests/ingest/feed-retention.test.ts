import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** The change feed is append-only by id: retention goes by the server's recording time, never a feed's. */
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-retention-"));
  const url = `file:${path.join(dir, "ingest.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

import { db } from "../../lib/platform/db";
import { deleteChangesBefore, headId } from "../../lib/events/store";
import { expectOk as ok, feedCatalogue, ingestClient, startHarness, type Harness } from "./harness";

let h: Harness;
let call: ReturnType<typeof ingestClient>;
const T = "2026-11-01T15:00:00Z";

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  await feedCatalogue(call, ok, T);
}, 60_000);
afterAll(() => h?.stop());

describe("change feed retention", () => {
  it("an event with an old feed_at is recorded at the server's time, and the prune keeps every change", async () => {
    const before = await db.change.count();
    const started = Date.now();
    // Euro 2024's final minute, with its real time: 21 months before the server's clock.
    const put = await call("PUT", "/opta/contests/final/events/old", {
      type: "goal",
      minute: 23,
      side: "home",
      person: "p10",
      feed_at: "2024-07-14T19:23:00Z",
    });
    ok(put, 201);
    const head = await headId(db);
    const change = await db.change.findUnique({ where: { id: head } });
    expect(change?.type).toBe("contest.event");
    expect(change!.at.getTime()).toBeGreaterThanOrEqual(started - 1000);
    const deleted = await deleteChangesBefore(db, new Date(Date.now() - 7 * 86_400_000));
    expect(deleted).toBe(0);
    expect(await db.change.count()).toBe(before + 1);
  });

  it("pruning cuts only a prefix of ids: a change recorded within the retention keeps every later id", async () => {
    const head = await headId(db);
    const ids = (await db.change.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((c) => c.id);
    const [first, second] = ids;
    // An old row after a recent one (clocks of two instances apart): nothing after the recent one goes.
    await db.change.update({ where: { id: first }, data: { at: new Date("2020-01-01T00:00:00Z") } });
    await db.change.update({
      where: { id: ids[ids.length - 1] },
      data: { at: new Date("2020-01-01T00:00:00Z") },
    });
    const deleted = await deleteChangesBefore(db, new Date(Date.now() - 86_400_000));
    expect(deleted).toBe(1);
    const left = await db.change.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    expect(left[0].id).toBe(second);
    expect(left[left.length - 1].id).toBe(head);
  });
});
