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

/** win, draw or loss of a team side: by the score, a level score by the shoot-out; null until finished. */
export function teamOutcome(status: string, mine: SideScores, theirs: SideScores): string | null {
  if (status !== "finished" || mine.score === null || theirs.score === null) return null;
  const by = (a: number, b: number) => (a > b ? "win" : a < b ? "loss" : "draw");
  const result = by(mine.score, theirs.score);
  if (result !== "draw" || mine.penaltyScore === null || theirs.penaltyScore === null) return result;
  return by(mine.penaltyScore, theirs.penaltyScore);
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
