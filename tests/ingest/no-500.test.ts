import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** A caller's mistake on the ingest write path is a 4xx naming the field, never a 500. */
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-no500-"));
  const url = `file:${path.join(dir, "ingest.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

import { db } from "../../lib/platform/db";
import {
  expectOk as ok,
  feedCatalogue,
  finalContest,
  ingestClient,
  startHarness,
  type Harness,
} from "./harness";

let h: Harness;
let call: ReturnType<typeof ingestClient>;
const T = "2026-11-01T15:00:00Z";

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  await feedCatalogue(call, ok, T);
  ok(
    await call("PUT", "/opta/contests/semi", {
      ...finalContest(T),
      kickoff_at: "2026-10-28T15:00:00Z",
      round: "Semi-final",
    }),
    201,
  );
  ok(await call("PUT", "/opta/editions/wc30", { competition: "wc", name: "2030", feed_at: T }), 201);
}, 60_000);
afterAll(() => h?.stop());

const refused = (
  r: { status: number; json: { error?: { code: string; message: string } } },
  status: number,
) => {
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  return r.json.error!;
};

describe("no 500 for a caller's mistake", () => {
  it("the same event id in two contests of one source is 409 naming event_id; the first event stays", async () => {
    const goal = { type: "goal", minute: 10, side: "home", person: "p10", feed_at: T };
    ok(await call("PUT", "/opta/contests/final/events/e1", goal), 201);
    const e = refused(await call("PUT", "/opta/contests/semi/events/e1", goal), 409);
    expect(e.code).toBe("CONFLICT");
    expect(e.message).toMatch(/'event_id'.*e1.*another contest/);
    expect(await db.matchEvent.count({ where: { source: "opta", externalId: "e1" } })).toBe(1);
    const del = refused(await call("DELETE", "/opta/contests/semi/events/e1", { feed_at: T }), 409);
    expect(del.code).toBe("CONFLICT");
  });

  it("one person twice in a lineup is 400 naming the second entry", async () => {
    const players = [
      { side: "home", person: "p10", role: "starter" },
      { side: "home", person: "p11", role: "starter" },
      { side: "home", person: "p10", role: "substitute" },
    ];
    const e = refused(await call("PUT", "/opta/contests/final/lineups", { players, feed_at: T }), 400);
    expect(e.message).toMatch(/^Invalid field '\/players\/2\/person': .*p10.*\/players\/0/);
  });

  it("a contest PUT under the reserved source statline names an existing contest id, else 4xx", async () => {
    const put = (path: string, body: Record<string, unknown>) =>
      call("PUT", `/statline${path}`, { ...body, feed_at: T });
    ok(await put("/competitions/wc", { name: "FIFA World Cup", format: "knockout" }), 200);
    for (const e of ["a", "b"])
      ok(await put(`/editions/${e}`, { competition: "wc", name: `19${e === "a" ? 98 : 99}` }), 201);
    for (const t of ["x", "y"]) ok(await put(`/teams/${t}`, { name: `Team ${t}` }), 201);
    const contest = (edition: string) => ({
      ...finalContest(T),
      edition,
      home: { team: "x" },
      away: { team: "y" },
    });
    for (const edition of ["a", "b", "a"]) {
      const e = refused(await call("PUT", "/statline/contests/abc", contest(edition)), 400);
      expect(e.message).toMatch(/'external_id'.*statline.*contest id/);
    }
    const missing = refused(await call("PUT", "/statline/contests/987654", contest("a")), 404);
    expect(missing.code).toBe("NOT_FOUND");
    expect(await db.contest.count({ where: { externalRef: { startsWith: "ingest:statline:" } } })).toBe(0);
  });
});
