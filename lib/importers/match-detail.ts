/**
 * What a football file says inside its matches, written after the contests themselves: team match
 * statistics (football-data.co.uk), goal events with their scorers and the scorers' goals as
 * player match stats (openfootball). Goals count for the side that is credited with them; an own
 * goal is an event of that side and an `own_goals` stat of its scorer, never one of their `goals`.
 */
import type { DbOrTx } from "../platform/db/client";
import { syncContestEvents, type EventCounts, type EventInput } from "../sports/match-events";
import { syncTeamStats } from "../sports/match-stats";
import { normalizeName } from "../sports/normalize";
import {
  createPersonContestStats,
  deletePersonContestStat,
  personContestStats,
  updatePersonContestStat,
} from "../sports/store/contest-stats";
import { outranks, type ContestFacts } from "../sports/sources";
import { putSourceFacts, sourcesOf } from "../sports/store/sources";
import { ScorerResolver } from "./scorers";
import type { ImportSummary, MatchRecord } from "./types";

export interface DetailInput {
  contestId: number;
  teamIds: [number, number];
  record: MatchRecord;
}

/** Player match stats the goal lists decide; other stats of the same contests are left alone. */
const GOAL_STATS = ["goals", "own_goals"];

export async function writeMatchDetail(
  db: DbOrTx,
  competition: { id: number; slug: string },
  edition: { id: number; name: string },
  inputs: DetailInput[],
  source = "openfootball",
): Promise<{ details: NonNullable<ImportSummary["details"]>; personsCreated: number; notes: string[] }> {
  const statistics = await syncTeamStats(
    db,
    inputs.flatMap(({ contestId, teamIds, record }) =>
      (record.teamStats ?? []).map((stats, s) => ({
        contest: { id: contestId, competitionId: competition.id },
        teamId: teamIds[s],
        stats,
      })),
    ),
  );
  const outranked = await recordFacts(db, source, `${competition.slug}/${edition.name}`, inputs);
  const withGoals = inputs.filter(
    (i) => i.record.goals !== undefined && i.record.score && !outranked.has(i.contestId),
  );
  const scorers = await ScorerResolver.load(
    db,
    edition.id,
    `openfootball:${competition.slug}/${edition.name}`,
  );
  const scorerTeam = (i: DetailInput, g: NonNullable<MatchRecord["goals"]>[number]) =>
    i.teamIds[g.ownGoal ? 1 - g.side : g.side];
  await scorers.plan(
    withGoals.flatMap((i) =>
      i.record.goals!.map((g) => ({ teamId: scorerTeam(i, g), name: g.name, where: i.record.where })),
    ),
  );
  const events: EventCounts = { created: 0, updated: 0, deleted: 0 };
  const notes = [...scorers.notes];
  const lowerSources = new Map<number, string[]>();
  for (const s of await sourcesOf(
    db,
    withGoals.map((i) => i.contestId),
  ))
    if (s.source !== source && outranks(source, s.source))
      lowerSources.set(s.contestId, [...(lowerSources.get(s.contestId) ?? []), s.source]);
  const stats: Array<{ contestId: number; personId: number; teamId: number; stat: string; value: number }> =
    [];
  for (const i of withGoals) {
    const goals = i.record.goals!;
    const listed = [0, 1].map((s) => goals.filter((g) => g.side === s).length);
    if (goals.length && (listed[0] !== i.record.score![0] || listed[1] !== i.record.score![1]))
      notes.push(
        `${i.record.where}: the goal lists have ${listed.join("-")} goals, the score is ${i.record.score!.join("-")}`,
      );
    const seen = new Map<string, number>();
    const inputs: EventInput[] = goals.map((g) => {
      const personId = scorers.personOf(scorerTeam(i, g), g.name);
      const base = `${i.contestId}/${g.side}/${g.minute}+${g.addedTime ?? 0}/${normalizeName(g.name)}`;
      seen.set(base, (seen.get(base) ?? 0) + 1);
      if (personId !== null) {
        const stat = g.ownGoal ? "own_goals" : "goals";
        const row = stats.find(
          (r) => r.contestId === i.contestId && r.personId === personId && r.stat === stat,
        );
        if (row) row.value++;
        else stats.push({ contestId: i.contestId, personId, teamId: scorerTeam(i, g), stat, value: 1 });
      }
      return {
        externalId: `${base}/${seen.get(base)}`,
        type: "goal",
        minute: g.minute,
        addedTime: g.addedTime,
        teamId: i.teamIds[g.side],
        personId,
        personName: g.name,
        penalty: g.penalty,
        ownGoal: g.ownGoal,
      };
    });
    const c = await syncContestEvents(db, { id: i.contestId, competitionId: competition.id }, source, inputs);
    events.created += c.created;
    events.updated += c.updated;
    events.deleted += c.deleted;
    // A lower-ranked source's goal list of the same contest gives way (tombstones in the feed).
    for (const other of lowerSources.get(i.contestId) ?? []) {
      const gone = await syncContestEvents(db, { id: i.contestId, competitionId: competition.id }, other, []);
      events.deleted += gone.deleted;
    }
  }
  const personStats = await syncGoalStats(
    db,
    withGoals.map((i) => i.contestId),
    stats,
  );
  return { details: { events, statistics, personStats }, personsCreated: scorers.created, notes };
}

/**
 * Keeps what this source says about each contest (lib/sports/sources.ts) for `admin data
 * conflicts`; returns the contests a higher-ranked source describes, whose goal lists stay theirs.
 */
async function recordFacts(db: DbOrTx, source: string, prefix: string, inputs: DetailInput[]) {
  await putSourceFacts(
    db,
    source,
    inputs.map((i, seq) => {
      const r = i.record;
      const facts: ContestFacts = {
        teams: i.teamIds,
        score: r.score,
        fullTime: r.fullTime ?? null,
        extraTime: r.extraTime ?? null,
        shootoutWinner: r.decidedBy,
        goals: r.goals ? r.goals.map((g) => [g.side, g.name, g.minute, g.penalty, g.ownGoal]) : null,
      };
      return {
        key: `${prefix}/${r.localDate}/${r.home.name}-${r.away.name}`,
        contestId: i.contestId,
        seq,
        facts: JSON.stringify(facts),
      };
    }),
  );
  const rows = await sourcesOf(
    db,
    inputs.map((i) => i.contestId),
  );
  return new Set(rows.filter((s) => outranks(s.source, source)).map((s) => s.contestId));
}

/** Makes the contests' goals/own_goals rows exactly `rows`; returns the rows written or removed. */
export async function syncGoalStats(
  db: DbOrTx,
  contestIds: number[],
  rows: Array<{ contestId: number; personId: number; teamId: number; stat: string; value: number }>,
): Promise<number> {
  const have = await personContestStats(db, contestIds, GOAL_STATS);
  const key = (r: { contestId: number; personId: number; stat: string }) =>
    `${r.contestId}:${r.personId}:${r.stat}`;
  const want = new Map(rows.map((r) => [key(r), r]));
  let n = 0;
  for (const h of have) {
    const w = want.get(key(h));
    if (!w) {
      await deletePersonContestStat(db, h.id);
      n++;
    } else if (w.value !== h.value || w.teamId !== h.teamId) {
      await updatePersonContestStat(db, h.id, { value: w.value, teamId: w.teamId });
      n++;
    }
    want.delete(key(h));
  }
  if (want.size) await createPersonContestStats(db, [...want.values()]);
  return n + want.size;
}
