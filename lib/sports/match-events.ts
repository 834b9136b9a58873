/**
 * The one write path for match events (importers, the seed, and a live feed later): a source's
 * events for one contest are synced by the source's own id. New ones are created; a changed one
 * is updated in place with `revision` + 1 (its `id` never changes); one the source no longer
 * lists gets a tombstone (`deletedAt`, revision + 1). Each of these is a `contest.event` change in
 * the caller's transaction, so a client following the feed sees goals, corrections and deletions.
 */
import { recordChanges, sid } from "../events/changes";
import type { ChangeInput } from "../events/types";
import type { DbOrTx } from "../platform/db/client";
import {
  createMatchEvent,
  listSourceEvents,
  matchEventsById,
  updateMatchEvent,
  type MatchEventRow,
} from "./store/match-events";

export interface EventInput {
  externalId: string;
  type: "goal" | "yellow_card" | "red_card" | "substitution" | "set";
  minute: number | null;
  addedTime: number | null;
  teamId: number | null;
  personId: number | null;
  relatedPersonId?: number | null;
  personName: string | null;
  relatedName?: string | null;
  penalty?: boolean;
  ownGoal?: boolean;
  detail?: string | null;
}

export interface EventCounts {
  created: number;
  updated: number;
  deleted: number;
}

const FIELDS = [
  "type",
  "minute",
  "addedTime",
  "teamId",
  "personId",
  "relatedPersonId",
  "personName",
  "relatedName",
  "penalty",
  "ownGoal",
  "detail",
] as const;

/** An event as /v1/contests/{id}/events and the change feed give it. */
export function eventData(e: MatchEventRow): Record<string, unknown> {
  return {
    id: String(e.id),
    contest_id: String(e.contestId),
    type: e.type,
    minute: e.minute,
    added_time: e.addedTime,
    team_id: sid(e.teamId),
    person_id: sid(e.personId),
    person_name: e.personName,
    related_person_id: sid(e.relatedPersonId),
    related_name: e.relatedName,
    penalty: e.penalty,
    own_goal: e.ownGoal,
    detail: e.detail,
    source: e.source,
    revision: e.revision,
    deleted: e.deletedAt !== null,
  };
}

const normalised = (e: EventInput) => ({
  type: e.type,
  minute: e.minute,
  addedTime: e.addedTime,
  teamId: e.teamId,
  personId: e.personId,
  relatedPersonId: e.relatedPersonId ?? null,
  personName: e.personName,
  relatedName: e.relatedName ?? null,
  penalty: e.penalty ?? false,
  ownGoal: e.ownGoal ?? false,
  detail: e.detail ?? null,
});

/** Match order: minute, then added time, then the source's order. */
function ordered(inputs: EventInput[]): EventInput[] {
  return inputs
    .map((e, i) => ({ e, i }))
    .sort(
      (a, b) =>
        (a.e.minute ?? 0) - (b.e.minute ?? 0) || (a.e.addedTime ?? 0) - (b.e.addedTime ?? 0) || a.i - b.i,
    )
    .map(({ e }) => e);
}

/** Makes `source`'s events of the contest exactly `inputs`; returns what changed. */
export async function syncContestEvents(
  db: DbOrTx,
  contest: { id: number; competitionId: number },
  source: string,
  inputs: EventInput[],
  now: Date = new Date(),
): Promise<EventCounts> {
  const counts: EventCounts = { created: 0, updated: 0, deleted: 0 };
  const existing = await listSourceEvents(db, contest.id, source);
  const byId = new Map(existing.map((e) => [e.externalId, e]));
  const touched: number[] = [];
  const seen = new Set<string>();
  for (const [sequence, input] of ordered(inputs).entries()) {
    if (seen.has(input.externalId)) throw new Error(`event ${input.externalId} is listed twice`);
    seen.add(input.externalId);
    const want = normalised(input);
    const have = byId.get(input.externalId);
    if (!have) {
      const row = await createMatchEvent(db, {
        ...want,
        contestId: contest.id,
        source,
        externalId: input.externalId,
        sequence,
        updatedAt: now,
      });
      touched.push(row.id);
      counts.created++;
      continue;
    }
    const changed = have.deletedAt !== null || FIELDS.some((f) => have[f] !== want[f]);
    if (!changed && have.sequence === sequence) continue;
    // A new event before this one moves its sequence only: not a correction, no new revision.
    await updateMatchEvent(
      db,
      have.id,
      changed
        ? { ...want, sequence, deletedAt: null, revision: have.revision + 1, updatedAt: now }
        : { sequence },
    );
    if (changed) {
      touched.push(have.id);
      counts.updated++;
    }
  }
  for (const gone of existing.filter((e) => !seen.has(e.externalId) && e.deletedAt === null)) {
    await updateMatchEvent(db, gone.id, { deletedAt: now, revision: gone.revision + 1, updatedAt: now });
    touched.push(gone.id);
    counts.deleted++;
  }
  if (touched.length) {
    const rows = await matchEventsById(db, touched);
    const changes: ChangeInput[] = rows.map((e) => ({
      type: "contest.event",
      resourceId: contest.id,
      competitionId: contest.competitionId,
      contestId: contest.id,
      data: eventData(e),
    }));
    await recordChanges(db, changes);
  }
  return counts;
}
