import { sid } from "./changes";
import type { ChangeInput } from "./types";

export interface SideState {
  side: string;
  teamId: number | null;
  personId: number | null;
  score: number | null;
  halftimeScore: number | null;
  scoreDetail: string | null;
  outcome: string | null;
  fullTimeScore?: number | null;
  extraTimeScore?: number | null;
  penaltyScore?: number | null;
}

/** A contest as the change feed describes it (names left out: GET /v1/contests/{id} has them). */
export interface ContestState {
  id: number;
  editionId: number;
  competitionId: number;
  round: string;
  stage: string;
  status: string;
  kickoffAt: Date;
  venue: string | null;
  participants: SideState[];
}

export function contestData(c: ContestState): Record<string, unknown> {
  return {
    id: String(c.id),
    competition_id: String(c.competitionId),
    edition_id: String(c.editionId),
    round: c.round,
    stage: c.stage,
    status: c.status,
    kickoff_at: c.kickoffAt.toISOString(),
    venue: c.venue,
    participants: [...c.participants]
      .sort((a, b) => (a.side === b.side ? 0 : a.side === "home" ? -1 : 1))
      .map((p) => ({
        side: p.side,
        team_id: sid(p.teamId),
        person_id: sid(p.personId),
        score: p.score,
        halftime_score: p.halftimeScore,
        score_detail: p.scoreDetail,
        outcome: p.outcome,
        full_time_score: p.fullTimeScore ?? null,
        extra_time_score: p.extraTimeScore ?? null,
        penalty_score: p.penaltyScore ?? null,
      })),
  };
}

const SCORE_FIELDS = [
  "score",
  "halftimeScore",
  "scoreDetail",
  "outcome",
  "fullTimeScore",
  "extraTimeScore",
  "penaltyScore",
] as const;

/**
 * The changes between two states of one contest: contest.created for a new one, else one change
 * per kind of difference (status, score, other fields), each carrying the whole new state.
 */
export function contestChanges(before: ContestState | null, after: ContestState): ChangeInput[] {
  const base = { resourceId: after.id, competitionId: after.competitionId, contestId: after.id };
  const data = contestData(after);
  if (!before) return [{ type: "contest.created", ...base, data }];
  const out: ChangeInput[] = [];
  if (before.status !== after.status) out.push({ type: "contest.status", ...base, data });
  const scoreMoved = after.participants.some((p) => {
    const old = before.participants.find((q) => q.side === p.side);
    return !old || SCORE_FIELDS.some((f) => (old[f] ?? null) !== (p[f] ?? null));
  });
  if (scoreMoved) out.push({ type: "contest.score", ...base, data });
  if (
    before.round !== after.round ||
    before.stage !== after.stage ||
    before.venue !== after.venue ||
    before.kickoffAt.getTime() !== after.kickoffAt.getTime()
  )
    out.push({ type: "contest.updated", ...base, data });
  return out;
}
