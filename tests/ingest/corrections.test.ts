import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** Corrections as one whole: a finished contest's score, status or event re-derives all that depends on it. */
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-corrections-"));
  const url = `file:${path.join(dir, "ingest.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

import { db } from "../../lib/platform/db";
import { headId } from "../../lib/events/store";
import { expectOk as ok, ingestClient, startHarness, type Harness } from "./harness";

let h: Harness;
let call: ReturnType<typeof ingestClient>;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 15, minute)).toISOString();
let contestId = "";
let editionId = 0;

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  const put = async (path: string, body: Record<string, unknown>) =>
    ok(await call("PUT", `/feed${path}`, { ...body, feed_at: at(0) }), 201);
  await put("/competitions/l", { name: "Test League", format: "league" });
  editionId = Number((await put("/editions/s", { competition: "l", name: "2026" })).id);
  for (const t of ["a", "b", "c", "d"]) await put(`/teams/${t}`, { name: `Club ${t.toUpperCase()}` });
  for (const p of ["pa", "pb"]) await put(`/persons/${p}`, { name: `Player ${p}` });
  const contest = (home: string, away: string, day: number) => ({
    edition: "s",
    home: { team: home },
    away: { team: away },
    kickoff_at: new Date(Date.UTC(2026, 9, day, 15)).toISOString(),
    round: "Matchday 1",
    stage: "Regular Season",
  });
  contestId = String((await put("/contests/m1", contest("a", "b", 10))).id);
  await put("/contests/m2", contest("c", "d", 10));
  await put("/contests/cup", { ...contest("a", "c", 20), stage: "Knockout", round: "Final" });
}, 60_000);
afterAll(() => h?.stop());

const v1 = async (path: string) => {
  const r = await fetch(`${h.baseUrl}/v1${path}`, { headers: { "X-API-Key": h.readKey } });
  return ((await r.json()) as { data: Record<string, unknown> }).data;
};
const state = (path: string, body: Record<string, unknown>) =>
  call("POST", `/feed/contests/${path}/state`, body);
const points = async () =>
  Object.fromEntries(
    (await db.standing.findMany({ where: { editionId }, include: { team: true } })).map((s) => [
      s.team.name,
      s.points,
    ]),
  );
const goals = async () =>
  Object.fromEntries(
    (
      await db.personEditionStat.findMany({ where: { editionId, stat: "goals" }, include: { person: true } })
    ).map((s) => [s.person.name, s.value]),
  );

describe("a finished contest's correction re-derives everything", () => {
  it("finishing sets full_time, outcomes, standings and the scorers' season goals", async () => {
    ok(await state("m1", { status: "live", score: { home: 0, away: 0 }, feed_at: at(1) }));
    ok(
      await call("PUT", "/feed/contests/m1/events/g1", {
        type: "goal",
        minute: 9,
        side: "home",
        person: "pa",
        feed_at: at(9),
      }),
      201,
    );
    ok(await state("m1", { status: "finished", score: { home: 1, away: 0 }, feed_at: at(95) }));
    const c = await v1(`/contests/${contestId}`);
    expect(c.score).toMatchObject({ full_time: { home: 1, away: 0 }, winner: "home" });
    expect(await points()).toMatchObject({ "Club A": 3, "Club B": 0 });
    expect(await goals()).toEqual({ "Player pa": 1 });
  });

  it("a score correction moves full_time, outcomes and standings in one write, one change each", async () => {
    const head = await headId(db);
    const r = ok(await state("m1", { score: { home: 0, away: 2 }, feed_at: at(100) }));
    expect(r).toMatchObject({ changed: true, status: "finished" });
    const c = await v1(`/contests/${contestId}`);
    expect(c.score).toMatchObject({ full_time: { home: 0, away: 2 }, winner: "away" });
    const outcomes = (c.participants as Array<{ outcome: string }>).map((p) => p.outcome);
    expect(outcomes).toEqual(["loss", "win"]);
    expect(await points()).toMatchObject({ "Club A": 0, "Club B": 3 });
    const types = (await db.change.findMany({ where: { id: { gt: head } } })).map((x) => x.type);
    expect(types.filter((t) => t === "standings.updated")).toHaveLength(1);
    expect(types).toContain("contest.score");
  });

  it("re-sending status finished re-derives standings that drifted", async () => {
    await db.standing.updateMany({ where: { editionId }, data: { points: 42 } });
    ok(await state("m1", { status: "finished", feed_at: at(101) }));
    expect(await points()).toMatchObject({ "Club A": 0, "Club B": 3 });
  });

  it("an event correction on a finished contest moves the season goals", async () => {
    ok(
      await call("PUT", "/feed/contests/m1/events/g1", {
        type: "goal",
        minute: 9,
        side: "home",
        person: "pb",
        feed_at: at(102),
      }),
    );
    expect(await goals()).toEqual({ "Player pb": 1 });
    ok(await call("DELETE", "/feed/contests/m1/events/g1", { feed_at: at(103) }));
    expect(await goals()).toEqual({});
  });

  it("a full_time that contradicts the score of a finished contest without extra time is 400", async () => {
    const r = await state("m1", { periods: { full_time: { home: 5, away: 5 } }, feed_at: at(104) });
    expect(r.status).toBe(400);
    expect(r.json.error?.message).toMatch(/^Invalid field '\/periods\/full_time'/);
  });

  it("a contest decided after extra time: penalties decide the winner; a bare score correction is 409 saying how", async () => {
    ok(await state("cup", { status: "live", feed_at: at(1) }));
    const end = {
      full_time: { home: 1, away: 1 },
      extra_time: { home: 2, away: 2 },
      penalties: { home: 4, away: 3 },
    };
    ok(
      await state("cup", { status: "finished", score: { home: 2, away: 2 }, periods: end, feed_at: at(130) }),
    );
    const cup = await db.contest.findFirstOrThrow({ where: { round: "Final" } });
    const c = await v1(`/contests/${cup.id}`);
    expect(c.score).toMatchObject({
      full_time: { home: 1, away: 1 },
      decided_by: "penalties",
      winner: "home",
    });
    const bare = await state("cup", { score: { home: 3, away: 2 }, feed_at: at(131) });
    expect(bare.status).toBe(409);
    expect(bare.json.error?.message).toMatch(/periods\.extra_time/);
    const fixed = ok(
      await state("cup", {
        score: { home: 3, away: 2 },
        periods: { extra_time: { home: 3, away: 2 } },
        feed_at: at(132),
      }),
    );
    expect(fixed.changed).toBe(true);
    expect((await v1(`/contests/${cup.id}`)).score).toMatchObject({
      extra_time: { home: 3, away: 2 },
      winner: "home",
    });
  });
});
