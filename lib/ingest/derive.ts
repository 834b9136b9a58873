/**
 * What a finished contest's base facts decide, re-derived in the write's transaction whenever one
 * of them changes (a finish, a re-sent finish, a score, status or event correction): the score
 * detail and outcomes (derivedResult, before the contest is written), then the scorers' goal
 * stats, the edition's standings and season stats and the stat-boards (rederive, after). Each
 * changed entity is one change in the feed (contest.*, standings.updated).
 */
import { ApiError } from "../platform/errors";
import { invalidField } from "../http/body";
import type { Tx } from "../platform/db";
import { syncGoalStats } from "../importers/match-detail";
import type { ContestInput, SideData } from "../importers/upsert";
import { scoreOutcomes } from "../sports/outcome";
import { rebuildStandings } from "../sports/standings";
import { liveGoals } from "../sports/store/match-events";
import { rebuildEditionStats } from "../sports/store/stats";

type Pair = { home: number; away: number } | undefined;

/**
 * Sets a finished team contest's score detail and outcomes from its score and periods: without
 * extra time the full-time score is the score; the outcome follows the score, a level score the
 * shoot-out. A corrected score of a contest decided after extra time must come with its periods:
 * otherwise 409 saying what to send. `sent` is what the write named.
 */
export function derivedResult(
  input: ContestInput,
  sent: { score?: Pair; fullTime?: Pair; extraTime?: Pair },
): void {
  const [h, a] = input.sides;
  if (input.r.status !== "finished") {
    h.outcome = a.outcome = null;
    return;
  }
  const teams = h.teamId !== null && a.teamId !== null;
  if (teams) {
    const extra = h.extraTimeScore != null && a.extraTimeScore != null;
    const { score, extraTime, fullTime } = sent;
    const differs = (p: Pair, x: number | null | undefined, y: number | null | undefined) =>
      p !== undefined && (p.home !== x || p.away !== y);
    if (extra && extraTime === undefined && differs(score, h.extraTimeScore, a.extraTimeScore))
      throw new ApiError(
        "CONFLICT",
        "This contest went to extra time, whose score includes regular time: send the corrected score with periods.extra_time (and periods.full_time, periods.penalties when they change too)",
      );
    if (extra && differs(score, h.extraTimeScore, a.extraTimeScore))
      throw invalidField("/score", "must equal periods.extra_time (the score after extra time)");
    if (extra) {
      h.score = h.extraTimeScore!;
      a.score = a.extraTimeScore!;
    } else {
      if (differs(fullTime, h.score, a.score))
        throw invalidField(
          "/periods/full_time",
          "a finished contest without extra time has the score as its full-time score",
        );
      h.fullTimeScore = h.score;
      a.fullTimeScore = a.score;
    }
    input.decidedBy =
      h.penaltyScore != null && a.penaltyScore != null ? "penalties" : extra ? "extra_time" : null;
  }
  [h.outcome, a.outcome] = scoreOutcomes(h, a);
}

/**
 * The scorers' goal stats, the standings, season stats and stat-boards of a finished contest's
 * edition; true when any of them changed.
 */
export async function rederive(
  tx: Tx,
  contest: { id: number; editionId: number; sides: readonly Pick<SideData, "teamId">[] },
): Promise<boolean> {
  const teams = contest.sides.map((s) => s.teamId);
  const goals = await liveGoals(tx, contest.id);
  const rows: Array<{ contestId: number; personId: number; teamId: number; stat: string; value: number }> =
    [];
  for (const g of goals) {
    const credited = teams.indexOf(g.teamId);
    const teamId = g.ownGoal ? teams[1 - credited] : g.teamId;
    if (g.personId === null || teamId == null || credited < 0) continue;
    const stat = g.ownGoal ? "own_goals" : "goals";
    const row = rows.find((r) => r.personId === g.personId && r.stat === stat);
    if (row) row.value++;
    else rows.push({ contestId: contest.id, personId: g.personId, teamId, stat, value: 1 });
  }
  const stats = await syncGoalStats(tx, [contest.id], rows);
  const table = teams.every((t) => t !== null) ? await rebuildStandings(tx, contest.editionId) : 0;
  return stats + table + (await rebuildEditionStats(tx, contest.editionId)) > 0;
}

/** A contest's team per side, home first, as rederive takes them. */
export const sidesOf = (participants: ReadonlyArray<{ side: string | null; teamId: number | null }>) =>
  (["home", "away"] as const).map((side) => ({
    teamId: participants.find((p) => p.side === side)?.teamId ?? null,
  }));
