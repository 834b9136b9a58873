/**
 * Typed change payloads (docs/events.md): what `data` holds for each change type, shared by the
 * change feed (`client.changes`), the live stream (`client.stream`) and webhooks. Narrow a change
 * on `change.type`.
 */
import type { components } from "./generated/schema.js";

type Base = Omit<components["schemas"]["ChangeEvent"], "type" | "data">;

export interface ParticipantState {
  side: string;
  team_id: string | null;
  person_id: string | null;
  score: number | null;
  halftime_score?: number | null;
  score_detail?: string | null;
  outcome?: string | null;
}

/** contest.created / .status / .score / .updated: the contest as GET /v1/contests/{id} gives it. */
export interface ContestData {
  id: string;
  competition_id: string;
  edition_id: string | null;
  round?: string | null;
  stage?: string | null;
  status: string;
  kickoff_at: string | null;
  venue?: string | null;
  participants: ParticipantState[];
}

/** contest.event: one match event with its contest; `deleted: true` is a tombstone. */
export interface MatchEventData {
  id: string;
  contest_id: string;
  type: string;
  minute?: number | null;
  team_id?: string | null;
  person_id?: string | null;
  revision?: number;
  deleted?: boolean;
  [field: string]: unknown;
}

export interface ChangeData {
  "contest.created": ContestData;
  "contest.status": ContestData;
  "contest.clock": ContestData;
  "contest.score": ContestData;
  "contest.updated": ContestData;
  "contest.event": MatchEventData;
  "contest.lineups": { contest_id: string; players: Record<string, unknown>[] };
  "contest.statistics": { contest_id: string; teams: Record<string, unknown>[] };
  /** The first 50 points inline; the rest via GET /v1/contests/{id}/odds/history?after=. */
  "odds.points": {
    contest_id: string;
    count: number;
    observed_from: string;
    observed_to: string;
    points: Record<string, unknown>[];
  };
  "standings.updated": {
    edition_id: string;
    competition_id: string;
    rows_changed: number;
    rows: Record<string, unknown>[];
  };
  "team.created": { id: string; name: string; country: string | null };
  "person.created": { id: string; name: string; sport: string };
  "dataset.reset": { seed?: string };
}

export type ChangeType = keyof ChangeData;

/** One change of the feed or the stream, typed by its `type`. */
export type Change = { [T in ChangeType]: Base & { type: T; data: ChangeData[T] } }[ChangeType];

/** A sandbox replay (GET /sandbox/v1/replays/{id}); every change it sends carries `replay.id`. */
export interface Replay {
  id: string;
  contest_id: string;
  speed: number;
  status: "running" | "finished" | "cancelled" | "interrupted";
  total: number;
  emitted: number;
  created_at: string;
  ends_at: string;
  ended_at: string | null;
}
