/**
 * After every batch: each /v1 read the model can answer equals the model, the change feed from
 * the start holds each writer's accepted changes once each and in order, and verify finds no drift.
 */
import { expect } from "vitest";
import { expectNoDrift } from "../verify";
import { decidedBy, feedContestDetail, outcomes, pairOf, table, type MWriter } from "./model";
import { read, type World } from "./world";

interface FeedItem {
  id: string;
  at: string;
  type: string;
  resource_id: string | null;
  competition_id: string | null;
  contest_id: string | null;
  data: Record<string, unknown> & {
    status: string;
    participants: Array<Record<string, number | string | null>>;
  };
}

export interface Feed {
  cursor: string | null;
  items: FeedItem[];
}

async function data(w: World, i: number, path: string) {
  const a = await read(w, i, path);
  expect(a.status, `${path}: ${a.text}`).toBe(200);
  return a.json.data;
}

async function checkContests(w: World, m: MWriter, turn: number) {
  for (const k of m.dirty) {
    const c = m.contests.get(k)!;
    const [oh, oa] = outcomes(c);
    const got = await data(w, turn + k, `/contests/${c.id}`);
    const side = (s: 0 | 1) => ({
      team_id: m.teams[s === 0 ? c.home : c.away].id,
      score: c.score?.[s] ?? null,
      halftime_score: c.halftime?.[s] ?? null,
      outcome: s === 0 ? oh : oa,
    });
    expect(got, `contest ${c.id}`).toMatchObject({
      status: c.status,
      round: c.round,
      stage: c.stage,
      venue: c.venue,
      kickoff_at: new Date(c.kickoff).toISOString(),
      participants: [side(0), side(1)],
      score: {
        half_time: pairOf(c.halftime),
        full_time: pairOf(c.fullTime),
        extra_time: pairOf(c.extraTime),
        penalties: pairOf(c.penalties),
        decided_by: decidedBy(c),
        winner: oh === "win" ? "home" : oa === "win" ? "away" : null,
      },
    });
    const events = await data(w, turn + k + 1, `/contests/${c.id}/events`);
    const project = (e: Record<string, unknown>) =>
      `${e.id} ${e.type} ${e.minute} ${e.team_id} ${e.person_id} r${e.revision}`;
    const want = [...c.events.values()]
      .filter((e) => !e.deleted)
      .map((e) =>
        project({
          ...e,
          team_id: m.teams[e.side === "home" ? c.home : c.away].id,
          person_id: e.person === null ? null : m.persons[e.person].id,
        }),
      );
    const have = (events.items as Array<Record<string, unknown>>).map(project);
    expect(have.sort(), `events of contest ${c.id}`).toEqual(want.sort());
  }
  m.dirty.clear();
}

async function checkTables(w: World, m: MWriter, turn: number) {
  for (const t of m.teams) expect((await data(w, turn, `/teams/${t.id}`)).name).toBe(t.name);
  const rows = (await data(w, turn + 1, `/standings?edition=${m.editionId}`)).items as Array<
    Record<string, number | string>
  >;
  const have = new Map(
    rows.map((r) => [
      String(r.team_id),
      ["played", "won", "drawn", "lost", "goals_for", "goals_against", "points"].map((f) => r[f]),
    ]),
  );
  expect(have, `standings of edition ${m.editionId}`).toEqual(table(m));
}

/** A feed item as the model writes its changes. */
function project(i: FeedItem): string {
  if (i.type === "contest.event")
    return `contest.event ${i.contest_id} ${i.data.id} r${i.data.revision} ${i.data.deleted ? "deleted" : "live"}`;
  if (i.type.startsWith("contest.")) return `${i.type} ${i.data.id} ${feedContestDetail(i.data)}`;
  return `${i.type} ${i.resource_id}`;
}

async function checkFeed(w: World, writers: MWriter[], feed: Feed, turn: number) {
  for (;;) {
    const q = feed.cursor ? `&cursor=${encodeURIComponent(feed.cursor)}` : "";
    const page = await data(w, turn, `/changes?limit=1000${q}`);
    feed.items.push(...(page.items as FeedItem[]));
    feed.cursor = page.next_cursor as string;
    if (!page.has_more) break;
  }
  const ids = feed.items.map((i) => Number(i.id));
  expect(
    ids.every((id, k) => k === 0 || id > ids[k - 1]),
    "feed ids grow",
  ).toBe(true);
  for (const m of writers) {
    const mine = new Set([
      ...m.teams.map((t) => `team.created ${t.id}`),
      ...m.persons.map((p) => `person.created ${p.id}`),
    ]);
    const got = feed.items.filter((i) =>
      i.type.startsWith("contest.")
        ? i.competition_id === m.competitionId
        : mine.has(`${i.type} ${i.resource_id}`),
    );
    expect(got.map(project), `the change feed of source ${m.source}`).toEqual(m.changes);
    // `at` is the server's clock when a change was recorded (retention cuts by it), never a time a
    // client sent: along the ids it never goes back by more than concurrent transactions overlap.
    const back = got.findIndex((i, k) => k > 0 && Date.parse(i.at) < Date.parse(got[k - 1].at) - 60_000);
    expect(
      back < 0 ? null : got.slice(back - 1, back + 1),
      `feed times of ${m.source} follow the ids`,
    ).toBeNull();
  }
}

export async function checkBatch(w: World, writers: MWriter[], feed: Feed, turn: number): Promise<void> {
  for (const m of writers) {
    await checkContests(w, m, turn);
    await checkTables(w, m, turn);
  }
  await checkFeed(w, writers, feed, turn);
  await expectNoDrift(
    w.db,
    writers.map((m) => Number(m.editionId)),
  );
}
