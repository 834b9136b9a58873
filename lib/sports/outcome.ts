/**
 * A contest's derived result facts, from its base facts (status, each side's score and the periods'
 * scores): each side's outcome and the score detail's `decided_by`. The rules of docs/invariants.md;
 * `statline verify` (lib/verify) compares the stored values with these.
 */

export interface SideScores {
  score: number | null;
  fullTimeScore: number | null;
  extraTimeScore: number | null;
  penaltyScore: number | null;
}

export type Outcome = "win" | "draw" | "loss";
export type Side = "home" | "away";

/**
 * The one outcome rule of a team contest (ingest, importers, seed, simulator and verify use it):
 * each side's win, draw or loss by the final score (after extra time when it was played); a
 * level score goes to the shoot-out's winner when there was one. Home first.
 */
export function outcomesOf(home: number, away: number, shootout: Side | null): [Outcome, Outcome] {
  const winner: Side | null = home !== away ? (home > away ? "home" : "away") : shootout;
  return winner === null ? ["draw", "draw"] : winner === "home" ? ["win", "loss"] : ["loss", "win"];
}

/** A shoot-out's winner from its scores: null when none was held (or its scores are level). */
export function shootoutWinner(
  home: number | null | undefined,
  away: number | null | undefined,
): Side | null {
  return home == null || away == null || home === away ? null : home > away ? "home" : "away";
}

/** Both sides' outcomes from their scores; null while either score is missing. */
export function scoreOutcomes(
  home: Pick<SideScores, "score"> & { penaltyScore?: number | null },
  away: Pick<SideScores, "score"> & { penaltyScore?: number | null },
): [Outcome, Outcome] | [null, null] {
  if (home.score === null || away.score === null) return [null, null];
  return outcomesOf(home.score, away.score, shootoutWinner(home.penaltyScore, away.penaltyScore));
}

/** win, draw or loss of a team side: by the score, a level score by the shoot-out; null until finished. */
export function teamOutcome(status: string, mine: SideScores, theirs: SideScores): string | null {
  return status === "finished" ? scoreOutcomes(mine, theirs)[0] : null;
}

/** How a finished team contest was decided beyond regular time: the shoot-out, else extra time, else null. */
export function decidedBy(status: string, home: SideScores, away: SideScores): string | null {
  if (status !== "finished") return null;
  if (home.penaltyScore !== null && away.penaltyScore !== null) return "penalties";
  if (home.extraTimeScore !== null && away.extraTimeScore !== null) return "extra_time";
  return null;
}

/**
 * The period score the final score is (a finished contest): after extra time when it went there,
 * else after regular time. The final score is the base fact; that period's stored score follows it.
 */
export const finalPeriod = (side: SideScores): "extraTimeScore" | "fullTimeScore" | null =>
  side.extraTimeScore !== null ? "extraTimeScore" : side.fullTimeScore !== null ? "fullTimeScore" : null;
