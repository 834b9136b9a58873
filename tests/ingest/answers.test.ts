import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** Answers that tell the truth: an ignored write says why and shows what is stored. */
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-answers-"));
  const url = `file:${path.join(dir, "ingest.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

import { expectOk as ok, feedCatalogue, ingestClient, startHarness, type Harness } from "./harness";

let h: Harness;
let call: ReturnType<typeof ingestClient>;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 15, minute)).toISOString();

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  await feedCatalogue(call, ok, at(0));
}, 60_000);
afterAll(() => h?.stop());

describe("ignored writes", () => {
  it("an older state is ignored with a reason and the stored status", async () => {
    ok(await call("POST", "/opta/contests/final/state", { status: "live", feed_at: at(10) }));
    const old = ok(await call("POST", "/opta/contests/final/state", { status: "scheduled", feed_at: at(5) }));
    expect(old).toMatchObject({ created: false, changed: false, ignored: true, status: "live" });
    expect(old.reason).toMatch(/older than the last accepted update .*2026-11-01T15:10:00.000Z/);
  });

  it("an older event is ignored with the stored event's id and revision", async () => {
    const goal = { type: "goal", minute: 23, side: "home", person: "p10" };
    const first = ok(await call("PUT", "/opta/contests/final/events/g1", { ...goal, feed_at: at(23) }), 201);
    const fixed = ok(
      await call("PUT", "/opta/contests/final/events/g1", { ...goal, penalty: true, feed_at: at(24) }),
    );
    expect(fixed).toMatchObject({ id: first.id, revision: 2 });
    const late = ok(await call("PUT", "/opta/contests/final/events/g1", { ...goal, feed_at: at(20) }));
    expect(late).toMatchObject({ id: first.id, revision: 2, ignored: true, changed: false });
    expect(late.reason).toMatch(/older/);
    const gone = ok(await call("DELETE", "/opta/contests/final/events/g1", { feed_at: at(19) }));
    expect(gone).toMatchObject({ id: first.id, revision: 2, ignored: true });
  });

  it("older entity, lineup and statistics writes say why", async () => {
    const team = ok(
      await call("PUT", "/opta/teams/arg", { name: "Argentina", feed_at: "2026-10-01T00:00:00Z" }),
    );
    expect(team).toMatchObject({ ignored: true, changed: false });
    expect(team.reason).toMatch(/team/);
    ok(await call("PUT", "/opta/contests/final/lineups", { players: [], feed_at: at(30) }));
    const lineup = ok(await call("PUT", "/opta/contests/final/lineups", { players: [], feed_at: at(29) }));
    expect(lineup.reason).toMatch(/lineup/);
  });
});
