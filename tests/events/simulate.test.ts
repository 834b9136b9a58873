import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { copyTemplateDb } from "../support/app";
import { runScript } from "../support/sports";
import { ensureTemplateDb } from "../support/template";

const clients: Db[] = [];
let before = 0;

beforeAll(async () => {
  const db = createClient(copyTemplateDb(ensureTemplateDb()));
  clients.push(db);
  before = (await db.changeSequence.findUniqueOrThrow({ where: { id: 1 } })).value;
});
afterAll(() => Promise.all(clients.map((c) => c.$disconnect())));

/** Runs `npm run simulate` on a fresh copy of the demo data; returns its new changes and the run time. */
async function simulateOnCopy(args: string[]) {
  const url = copyTemplateDb(ensureTemplateDb());
  const db = createClient(url);
  clients.push(db);
  const started = Date.now();
  const out = runScript("scripts/simulate.ts", ["--quiet", ...args], url);
  const ms = Date.now() - started;
  const changes = await db.change.findMany({ where: { id: { gt: before } }, orderBy: { id: "asc" } });
  return { db, out, ms, changes };
}

/** What a change says, without its id and commit time. */
const content = (c: { type: string; contestId: number | null; data: string }) => ({
  type: c.type,
  contest: c.contestId,
  data: JSON.parse(c.data) as Record<string, unknown>,
});

describe("npm run simulate", () => {
  it("plays the next scheduled contests to the final whistle through the write path, emitting changes", async () => {
    const { db, out, changes } = await simulateOnCopy([
      "--contests",
      "2",
      "--speed",
      "100000",
      "--seed",
      "7",
    ]);
    expect(out).toMatch(/done: \d+ steps over 2 contest\(s\)/);
    // A client of /ingest/v1: each write's answer is kept under the run's ingest key, revoked when done.
    const key = await db.apiKey.findFirstOrThrow({ where: { name: "npm run simulate" } });
    expect([key.scopes, key.revokedAt === null]).toEqual(["ingest", false]);
    expect(await db.ingestIdempotency.count({ where: { keyId: key.id } })).toBeGreaterThan(4);
    const contestIds = [...new Set(changes.filter((c) => c.contestId).map((c) => c.contestId!))];
    expect(contestIds).toHaveLength(2);
    for (const id of contestIds) {
      const mine = changes.filter((c) => c.contestId === id).map(content);
      const statuses = mine.filter((c) => c.type === "contest.status").map((c) => c.data.status);
      // Live through its periods (each new period of the clock is a contest.status), then finished.
      expect(statuses.filter((s, i) => s !== statuses[i - 1])).toEqual(["live", "finished"]);
      const periods = mine.filter((c) => c.type === "contest.status").map((c) => c.data.period);
      expect(periods).toContain("half_time");
      expect(mine.filter((c) => c.type === "odds.points").length).toBeGreaterThanOrEqual(3);
      // The last contest change holds exactly what is stored.
      const last = mine.filter((c) => c.type.startsWith("contest.")).at(-1)!;
      const stored = await db.contest.findUniqueOrThrow({ where: { id }, include: { participants: true } });
      expect(stored.status).toBe("finished");
      const sides = last.data.participants as Array<{ side: string; score: number; outcome: string }>;
      for (const p of stored.participants) {
        const s = sides.find((x) => x.side === p.side)!;
        expect([s.score, s.outcome]).toEqual([p.score, p.outcome]);
      }
      // The score only ever goes up during play.
      const totals = mine
        .filter((c) => c.type === "contest.score")
        .map((c) =>
          (c.data.participants as Array<{ score: number | null }>).reduce((a, p) => a + (p.score ?? 0), 0),
        );
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
      const football = stored.participants.some((p) => p.teamId != null);
      if (football) {
        const odds = await db.oddsPoint.count({ where: { contestId: id, bookmaker: { not: "" } } });
        expect(odds).toBeGreaterThan(0);
      }
    }
    if (changes.some((c) => c.type === "standings.updated"))
      expect(
        changes.at(-1)!.type === "standings.updated" || changes.at(-1)!.type.startsWith("contest."),
      ).toBe(true);
  }, 120_000); // a simulator process

  it("is deterministic for a seed, differs for another, and the speed factor sets the pace", async () => {
    const a = await simulateOnCopy(["--contests", "2", "--speed", "100000", "--seed", "7"]);
    const b = await simulateOnCopy(["--contests", "2", "--speed", "100000", "--seed", "7"]);
    const c = await simulateOnCopy(["--contests", "2", "--speed", "100000", "--seed", "8"]);
    expect(b.changes.map(content)).toEqual(a.changes.map(content));
    expect(c.changes.map(content)).not.toEqual(a.changes.map(content));
    // The first step is 60 simulated minutes before kick-off, the final whistle at least 91 after:
    // at 3000x that is >= 151 * 20 ms of waiting between the first and the last change.
    const slow = await simulateOnCopy(["--contests", "1", "--speed", "3000", "--seed", "7"]);
    const span = slow.changes.at(-1)!.at.getTime() - slow.changes[0].at.getTime();
    expect(span).toBeGreaterThanOrEqual(3000);
  }, 300_000); // four simulator processes
});
