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
  /** The team's or person's name; filled in before the change is recorded (withNames). */
  name?: string;
}

/**
 * A contest as the change feed describes it: the shape of GET /v1/contests/{id} (names, the
 * score object, the live clock), plus each side's full_time_score, extra_time_score and
 * penalty_score as earlier feed readers know them.
 */
export interface ContestState {
  id: number;
  editionId: number;
  competitionId: number;
  round: string;
  stage: string;
  status: string;
  kickoffAt: Date;
  venue: string | null;
  referee?: string | null;
  decidedBy?: string | null;
  /** The live clock (lib/sports/clock.ts); null when no feed or replay reported one. */
  period?: string | null;
  minute?: number | null;
  /** Venue city and country as named at the time, the neutral flag, goal-list coverage and the
   * shoot-out's first shooter (the contest row's columns; absent where a writer does not know them). */
  city?: string | null;
  country?: string | null;
  neutral?: boolean | null;
  goalList?: boolean | null;
  firstShooter?: string | null;
  participants: SideState[];
}

type Pair = { home: number | null; away: number | null } | null;
const pairOf = (sides: SideState[], key: keyof SideState): Pair => {
  const [h, a] = ["home", "away"].map(
    (s) => (sides.find((p) => p.side === s)?.[key] ?? null) as number | null,
  );
  return h === null && a === null ? null : { home: h, away: a };
};

export function contestData(c: ContestState): Record<string, unknown> {
  const winner = c.participants.find((p) => p.outcome === "win")?.side ?? null;
  return {
    id: String(c.id),
    competition_id: String(c.competitionId),
    edition_id: String(c.editionId),
    round: c.round,
    stage: c.stage,
    status: c.status,
    kickoff_at: c.kickoffAt.toISOString(),
    venue: c.venue,
    venue_city: c.city ?? null,
    venue_country: c.country ?? null,
    neutral: c.neutral ?? null,
    period: periodOf(c),
    minute: c.minute ?? null,
    participants: [...c.participants]
      .sort((a, b) => (a.side === b.side ? 0 : a.side === "home" ? -1 : 1))
      .map((p) => ({
        side: p.side,
        team_id: sid(p.teamId),
        person_id: sid(p.personId),
        name: p.name ?? "",
        score: p.score,
        halftime_score: p.halftimeScore,
        score_detail: p.scoreDetail,
        outcome: p.outcome,
        full_time_score: p.fullTimeScore ?? null,
        extra_time_score: p.extraTimeScore ?? null,
        penalty_score: p.penaltyScore ?? null,
      })),
    referee: c.referee ?? null,
    score: {
      half_time: pairOf(c.participants, "halftimeScore"),
      full_time: pairOf(c.participants, "fullTimeScore"),
      extra_time: pairOf(c.participants, "extraTimeScore"),
      penalties: pairOf(c.participants, "penaltyScore"),
      decided_by: c.decidedBy ?? null,
      winner: winner === "home" || winner === "away" ? winner : null,
      first_shooter: c.firstShooter ?? null,
    },
    coverage: { goal_list: c.goalList ?? null },
  };
}

/** A finished contest's period is "finished" whether or not a feed reported its clock. */
export const periodOf = (c: { status: string; period?: string | null }): string | null =>
  c.period ?? (c.status === "finished" ? "finished" : null);

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
  // A new period (half time, extra time, the shoot-out) is a status change of the live contest.
  if (before.status !== after.status || (before.period ?? null) !== (after.period ?? null))
    out.push({ type: "contest.status", ...base, data });
  // The clock ticked within its period: a change of its own, so a contest.status subscriber is not
  // sent every minute while a live clock still reaches the feed, the stream and webhooks.
  else if ((before.minute ?? null) !== (after.minute ?? null))
    out.push({ type: "contest.clock", ...base, data });
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
