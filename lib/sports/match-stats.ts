/**
 * Write paths for a contest's team match statistics and lineups (importers and the seed): rows
 * are compared with what is stored and only differences are written, so a re-import changes
 * nothing; every contest whose figures changed gets one `contest.statistics` or `contest.lineups`
 * change with the new state, in the caller's transaction.
 */
import { recordChanges, sid } from "../events/changes";
import type { ChangeInput } from "../events/types";
import type { DbOrTx } from "../platform/db/client";
import { contestTeamStats, lineupOf, replaceLineup, teamStatsOf, upsertTeamStats } from "./store/match-stats";

export const TEAM_STAT_FIELDS = [
  "shots",
  "shotsOnTarget",
  "corners",
  "fouls",
  "yellowCards",
  "redCards",
] as const;
export type TeamStatField = (typeof TEAM_STAT_FIELDS)[number];
export type TeamStats = Record<TeamStatField, number | null>;

/** A team's statistics as /v1 gives them (snake_case). */
export function teamStatsData(s: TeamStats): Record<string, number | null> {
  return {
    shots: s.shots,
    shots_on_target: s.shotsOnTarget,
    corners: s.corners,
    fouls: s.fouls,
    yellow_cards: s.yellowCards,
    red_cards: s.redCards,
  };
}

export interface ContestRef {
  id: number;
  competitionId: number;
}

/** Writes each contest's team statistics; returns the number of contests whose figures changed. */
export async function syncTeamStats(
  db: DbOrTx,
  rows: Array<{ contest: ContestRef; teamId: number; stats: TeamStats }>,
): Promise<number> {
  const ids = [...new Set(rows.map((r) => r.contest.id))];
  const stored = new Map<string, TeamStats>();
  for (let i = 0; i < ids.length; i += 500)
    for (const s of await teamStatsOf(db, ids.slice(i, i + 500))) stored.set(`${s.contestId}:${s.teamId}`, s);
  const changed = new Map<number, ContestRef>();
  for (const { contest, teamId, stats } of rows) {
    const have = stored.get(`${contest.id}:${teamId}`);
    if (have && TEAM_STAT_FIELDS.every((f) => have[f] === stats[f])) continue;
    await upsertTeamStats(db, contest.id, teamId, stats);
    changed.set(contest.id, contest);
  }
  const changes: ChangeInput[] = [];
  for (const contest of changed.values()) {
    const teams = await contestTeamStats(db, contest.id);
    changes.push({
      type: "contest.statistics",
      resourceId: contest.id,
      competitionId: contest.competitionId,
      contestId: contest.id,
      data: {
        contest_id: String(contest.id),
        teams: teams.map((t) => ({ team_id: sid(t.teamId), ...teamStatsData(t) })),
      },
    });
  }
  await recordChanges(db, changes);
  return changed.size;
}

export interface LineupInput {
  teamId: number;
  personId: number;
  role: "starter" | "substitute";
  shirtNumber: number | null;
  position: string | null;
}

/** Makes a contest's lineup exactly `entries` (in order, starters first per side). */
export async function syncLineup(db: DbOrTx, contest: ContestRef, entries: LineupInput[]): Promise<boolean> {
  const have = await lineupOf(db, contest.id);
  const key = (e: LineupInput & { sequence: number }) =>
    `${e.teamId}:${e.personId}:${e.role}:${e.shirtNumber}:${e.position}:${e.sequence}`;
  const want = entries.map((e, sequence) => ({ ...e, sequence }));
  if (
    have.length === want.length &&
    have.every((h, i) => key(h as LineupInput & { sequence: number }) === key(want[i]))
  )
    return false;
  await replaceLineup(db, contest.id, want);
  await recordChanges(db, [
    {
      type: "contest.lineups",
      resourceId: contest.id,
      competitionId: contest.competitionId,
      contestId: contest.id,
      data: {
        contest_id: String(contest.id),
        players: want.map((e) => ({
          team_id: String(e.teamId),
          person_id: String(e.personId),
          role: e.role,
          shirt_number: e.shirtNumber,
          position: e.position,
        })),
      },
    },
  ]);
  return true;
}
