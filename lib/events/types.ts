import type { Scope } from "../keys/scope-names";

/**
 * Change types of the change feed, the live stream and webhooks (docs/events.md). The part before
 * the dot is the resource; `types=contest` selects every contest.* type.
 */
export const CHANGE_TYPES = [
  "contest.created",
  "contest.status",
  "contest.clock",
  "contest.score",
  "contest.updated",
  "contest.event",
  "contest.lineups",
  "contest.statistics",
  "contest.deleted",
  "odds.points",
  "odds.moved",
  "standings.updated",
  "team.created",
  "team.updated",
  "team.deleted",
  "person.created",
  "person.updated",
  "person.deleted",
  "dataset.reset",
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export const CHANGE_RESOURCES = ["contest", "odds", "standings", "team", "person", "dataset"] as const;
export type ChangeResource = (typeof CHANGE_RESOURCES)[number];

export const resourceOf = (type: ChangeType) => type.slice(0, type.indexOf(".")) as ChangeResource;

/**
 * The key scope that reads each resource on /v1 (the route table's `scope`), which a key needs,
 * besides `events`, to receive that resource's changes through the feed, the stream and webhooks
 * (docs/events.md, "Scopes and units"). A new resource must be added here: the Record makes it
 * a type error to leave one out. `dataset` (a reset) carries no data, so `events` alone reads it.
 */
export const RESOURCE_SCOPES: Record<ChangeResource, Scope> = {
  contest: "contests",
  odds: "odds",
  standings: "teams",
  team: "teams",
  person: "persons",
  dataset: "events",
};

export const scopeOf = (type: ChangeType): Scope => RESOURCE_SCOPES[resourceOf(type)];

/** The change types a set of scopes may read (null = unrestricted: every type). */
export const typesReadableWith = (scopes: ReadonlySet<Scope> | null): ChangeType[] =>
  scopes === null ? [...CHANGE_TYPES] : CHANGE_TYPES.filter((t) => scopes.has(scopeOf(t)));

/** One change as a write path describes it; recordChanges assigns id and time. */
export interface ChangeInput {
  type: ChangeType;
  resourceId: number | null;
  competitionId: number | null;
  contestId: number | null;
  /** The new state (JSON-serialisable), with ids as strings like the /v1 responses. */
  data: Record<string, unknown>;
  /** A replay's change (lib/replay): seen by this account only. */
  replay?: { accountId: string; id: string };
  /** odds.moved: its largest move in percentage points, which readers' thresholds compare with. */
  magnitude?: number;
}

/** A stored change as the feed, the stream and webhooks send it. */
export interface ChangeEvent {
  id: string;
  type: ChangeType;
  resource: ChangeResource;
  resource_id: string | null;
  competition_id: string | null;
  contest_id: string | null;
  at: string;
  data: Record<string, unknown>;
  /** Present on a sandbox replay's changes only (docs/replay.md). */
  replay?: { id: string };
}

/**
 * Parses a `types` list ("contest.score,odds"): exact types and whole resources. Returns the
 * resolved exact types, or the first entry that is neither.
 */
export function parseTypes(raw: string): { types: ChangeType[] } | { unknown: string } {
  const out = new Set<ChangeType>();
  for (const part of raw.split(",").map((s) => s.trim())) {
    if (!part) continue;
    const matched = CHANGE_TYPES.filter((t) => t === part || resourceOf(t) === part);
    if (!matched.length) return { unknown: part.slice(0, 40) };
    for (const t of matched) out.add(t);
  }
  return { types: [...out] };
}
