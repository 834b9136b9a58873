import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import { verify } from "../../lib/verify";
import { driftTable } from "../../lib/verify/format";
import { sqliteTestDb, type TestDb } from "../support/databases";
import { expectNoDrift } from "../support/verify";

// verify on the seeded demo data (nothing drifts), then on drifts made by writing around the
// write paths: each is reported with its stored and expected value, --repair corrects all of them
// in one transaction with its changes in the feed, and a second run finds nothing.
let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await sqliteTestDb();
  db = t.db;
});
afterAll(() => t?.drop());

/** A finished league contest of the demo data that the home side lost. */
async function finishedLeagueContest() {
  const c = await db.contest.findFirstOrThrow({
    where: {
      status: "finished",
      stage: "Regular Season",
      participants: {
        every: { teamId: { not: null }, score: { not: null } },
        some: { side: "home", outcome: "loss" },
      },
    },
    include: { participants: { orderBy: { side: "desc" } } },
    orderBy: { id: "asc" },
  });
  return c;
}

test("the seeded demo data has no drift", async () => {
  const started = performance.now();
  const report = await verify(db);
  console.log(`verify on the demo data: ${Math.round(performance.now() - started)} ms`, report.checked);
  expect(report.drifts, driftTable(report.drifts)).toEqual([]);
  expect(report.checked.contests).toBeGreaterThan(100);
  expect(report.checked.standings).toBeGreaterThan(10);
});

test("drifts written around the write paths are reported, repaired in one transaction and fed", async () => {
  const c = await finishedLeagueContest();
  const [home, away] = c.participants;
  // A score corrected by hand: outcomes, full time and the table no longer follow it.
  await db.contestParticipant.update({ where: { id: home.id }, data: { score: away.score! + 3 } });
  // A season total edited by hand, a standing row removed.
  const stat = await db.personEditionStat.findFirstOrThrow({ orderBy: { id: "asc" } });
  await db.personEditionStat.update({ where: { id: stat.id }, data: { value: stat.value + 5 } });
  const total = await db.competitionPersonStat.findFirstOrThrow({ where: { stat: "goals" } });
  await db.competitionPersonStat.update({
    where: {
      competitionId_stat_personId: {
        competitionId: total.competitionId,
        stat: "goals",
        personId: total.personId,
      },
    },
    data: { contests: total.contests + 1 },
  });
  const standing = await db.standing.findFirstOrThrow({
    where: { editionId: { not: c.editionId } },
    orderBy: { id: "asc" },
  });
  await db.standing.delete({ where: { id: standing.id } });
  const head = (await db.change.aggregate({ _max: { id: true } }))._max.id ?? 0;

  const report = await verify(db);
  const has = (entity: string, field: string) =>
    report.drifts.some((d) => d.entity === entity && d.field === field);
  expect(report.repaired).toBe(false);
  expect(report.drifts).toContainEqual({
    entity: "contest",
    id: String(c.id),
    field: "home.fullTimeScore",
    stored: home.fullTimeScore,
    expected: away.score! + 3,
  });
  expect(report.drifts).toContainEqual(
    expect.objectContaining({ entity: "contest", id: String(c.id), field: "home.outcome", expected: "win" }),
  );
  expect(has("standing", "points")).toBe(true);
  expect(report.drifts).toContainEqual({
    entity: "person_edition_stat",
    id: `${stat.editionId}|${stat.stat}|${stat.personId}`,
    field: "value",
    stored: stat.value + 5,
    expected: stat.value,
  });
  expect(report.drifts).toContainEqual({
    entity: "competition_person_stat",
    id: `${total.competitionId}|goals|${total.personId}`,
    field: "contests",
    stored: total.contests + 1,
    expected: total.contests,
  });
  expect(report.drifts).toContainEqual(
    expect.objectContaining({
      entity: "standing",
      id: `${standing.editionId}|${standing.group}|${standing.teamId}`,
      field: "row",
      stored: null,
    }),
  );
  // A check writes nothing, the feed included.
  expect((await db.change.aggregate({ _max: { id: true } }))._max.id ?? 0).toBe(head);
  expect((await verify(db)).drifts).toEqual(report.drifts);

  const repaired = await verify(db, { repair: true });
  expect(repaired.repaired).toBe(true);
  expect(repaired.drifts).toEqual(report.drifts);
  const fed = await db.change.findMany({ where: { id: { gt: head } }, orderBy: { id: "asc" } });
  expect(fed.length).toBe(repaired.changes);
  expect(fed.map((f) => f.type)).toEqual(["contest.score", "standings.updated", "standings.updated"]);
  const score = JSON.parse(fed[0].data) as { participants: Array<{ outcome: string }> };
  expect(score.participants.map((p) => p.outcome)).toEqual(["win", "loss"]);
  await expectNoDrift(db);
});
