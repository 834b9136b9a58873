/**
 * Match events, lineups and team match statistics by the feed's identifiers, written through the
 * match centre's write paths (lib/sports/match-events.ts, match-stats.ts): an event is keyed by
 * the feed's event id, a correction bumps its `revision`, a deletion leaves a tombstone, and each
 * is a contest.event / contest.lineups / contest.statistics change in the write's transaction.
 */
import { z } from "zod";
import { ApiError } from "../platform/errors";
import type { Tx } from "../platform/db";
import { invalidField } from "../http/body";
import { syncContestEvents, type EventInput } from "../sports/match-events";
import { syncLineup, syncTeamStats, type LineupInput } from "../sports/match-stats";
import { contestWithSides } from "../sports/store/contests";
import { eventByExternalId, liveSourceEvents } from "../sports/store/match-events";
import { resolveContest } from "./contests";
import { rederive } from "./derive";
import { bind, ignoredAnswer, isStale, lookup, resolveRef } from "./mapping";
import { externalId, feedAt } from "./schemas";
import type { IngestResult } from "./types";

const count = z.number().int().min(0).max(10_000).nullable().optional();

export const EventBody = z.strictObject({
  type: z.enum(["goal", "yellow_card", "red_card", "substitution"]),
  minute: z.number().int().min(0).max(200),
  added_time: z.number().int().min(0).max(60).nullable().optional(),
  side: z.enum(["home", "away"]).describe("The side the event counts for (an own goal: the side credited)"),
  person: externalId.optional().describe("The player's external id (substitution: the one going off)"),
  person_name: z.string().trim().max(120).nullable().optional(),
  related_person: externalId.optional().describe("Substitution: the player coming on; goal: the assist"),
  related_name: z.string().trim().max(120).nullable().optional(),
  penalty: z.boolean().default(false),
  own_goal: z.boolean().default(false),
  feed_at: feedAt,
});

export const DeleteBody = z.strictObject({ feed_at: feedAt });

export const LineupBody = z.strictObject({
  players: z
    .array(
      z.strictObject({
        side: z.enum(["home", "away"]),
        person: externalId,
        role: z.enum(["starter", "substitute"]),
        shirt_number: z.number().int().min(0).max(999).nullable().optional(),
        position: z.string().trim().max(40).nullable().optional(),
      }),
    )
    .max(100),
  feed_at: feedAt,
});

const teamStats = z.strictObject({
  shots: count,
  shots_on_target: count,
  corners: count,
  fouls: count,
  yellow_cards: count,
  red_cards: count,
});
export const StatisticsBody = z.strictObject({ home: teamStats, away: teamStats, feed_at: feedAt });

type ContestRow = {
  id: number;
  competitionId: number;
  editionId: number;
  status: string;
  teams: [number | null, number | null];
};

async function contestOf(tx: Tx, source: string, ext: string): Promise<ContestRow> {
  const id = await resolveContest(tx, source, ext);
  const c = await contestWithSides(tx, id);
  if (!c) throw new Error(`contest ${id} is mapped but gone`);
  const team = (s: string) => c.participants.find((p) => p.side === s)?.teamId ?? null;
  return {
    id,
    competitionId: c.edition.competitionId,
    editionId: c.editionId,
    status: c.status,
    teams: [team("home"), team("away")],
  };
}

const eventGate = (contestExt: string, eventId: string) => `${contestExt}/${eventId}`;

/** The source's current events of the contest as write-path inputs (tombstones left out). */
async function currentEvents(tx: Tx, contestId: number, source: string): Promise<EventInput[]> {
  const rows = await liveSourceEvents(tx, contestId, source);
  return rows.map((e) => ({ ...e, type: e.type as EventInput["type"] }));
}

/** Appends or corrects one event (PUT by the feed's event id), or deletes it (input null). */
export async function writeEvent(
  tx: Tx,
  source: string,
  ext: string,
  eventId: string,
  at: Date,
  input: z.output<typeof EventBody> | null,
): Promise<IngestResult> {
  const contest = await contestOf(tx, source, ext);
  const stored = await eventByExternalId(tx, source, eventId);
  if (stored && stored.contestId !== contest.id)
    throw new ApiError(
      "CONFLICT",
      `Invalid parameter 'event_id': event '${eventId.slice(0, 80)}' of source '${source}' belongs to another contest (${stored.contestId}); a source's event ids are unique across its contests`,
    );
  const gateId = eventGate(ext, eventId);
  const gate = await lookup(tx, source, "event", gateId);
  if (isStale(gate, at))
    return ignoredAnswer(gate, at, "event", {
      id: stored ? String(stored.id) : null,
      created: false,
      revision: stored?.revision ?? null,
    });
  const events = (await currentEvents(tx, contest.id, source)).filter((e) => e.externalId !== eventId);
  if (input) {
    const ref = async (x: string | undefined, field: string) =>
      x === undefined ? null : resolveRef(tx, source, "person", x, field);
    events.push({
      externalId: eventId,
      type: input.type,
      minute: input.minute,
      addedTime: input.added_time ?? null,
      teamId: contest.teams[input.side === "home" ? 0 : 1],
      personId: await ref(input.person, "/person"),
      relatedPersonId: await ref(input.related_person, "/related_person"),
      personName: input.person_name ?? null,
      relatedName: input.related_name ?? null,
      penalty: input.penalty,
      ownGoal: input.own_goal,
      detail: null,
    });
  }
  const counts = await syncContestEvents(tx, contest, source, events, at);
  const row = await eventByExternalId(tx, source, eventId);
  if (row) await bind(tx, source, "event", gateId, row.id, at);
  const changed = counts.created + counts.updated + counts.deleted > 0;
  // An event correction on a finished contest moves its scorers' season stats with it.
  if (changed && contest.status === "finished")
    await rederive(tx, {
      id: contest.id,
      editionId: contest.editionId,
      sides: contest.teams.map((teamId) => ({ teamId })),
    });
  return {
    status: counts.created ? 201 : 200,
    data: {
      id: row ? String(row.id) : null,
      revision: row?.revision ?? null,
      created: counts.created > 0,
      changed,
      ignored: false,
    },
    changed,
  };
}

export async function writeLineup(tx: Tx, source: string, ext: string, b: z.output<typeof LineupBody>) {
  const contest = await contestOf(tx, source, ext);
  const gate = await lookup(tx, source, "contest_lineup", ext);
  if (isStale(gate, b.feed_at)) return ignoredAnswer(gate, b.feed_at, "lineup", { id: String(contest.id) });
  const entries: LineupInput[] = [];
  const listed = new Map<number, number>();
  for (const [i, p] of b.players.entries()) {
    const teamId = contest.teams[p.side === "home" ? 0 : 1];
    if (teamId === null) continue;
    const personId = await resolveRef(tx, source, "person", p.person, `/players/${i}/person`);
    const first = listed.get(personId);
    if (first !== undefined)
      throw invalidField(
        `/players/${i}/person`,
        `person '${p.person.slice(0, 80)}' is already listed at /players/${first}; a player is in a lineup once`,
      );
    listed.set(personId, i);
    entries.push({
      teamId,
      personId,
      role: p.role,
      shirtNumber: p.shirt_number ?? null,
      position: p.position ?? null,
    });
  }
  const changed = await syncLineup(tx, contest, entries);
  await bind(tx, source, "contest_lineup", ext, contest.id, b.feed_at);
  return { data: { id: String(contest.id), changed, ignored: false }, changed };
}

export async function writeStatistics(
  tx: Tx,
  source: string,
  ext: string,
  b: z.output<typeof StatisticsBody>,
) {
  const contest = await contestOf(tx, source, ext);
  const gate = await lookup(tx, source, "contest_stats", ext);
  if (isStale(gate, b.feed_at))
    return ignoredAnswer(gate, b.feed_at, "statistics", { id: String(contest.id) });
  const rows = (["home", "away"] as const).flatMap((s, i) => {
    const teamId = contest.teams[i];
    const t = b[s];
    if (teamId === null) return [];
    const stats = {
      shots: t.shots ?? null,
      shotsOnTarget: t.shots_on_target ?? null,
      corners: t.corners ?? null,
      fouls: t.fouls ?? null,
      yellowCards: t.yellow_cards ?? null,
      redCards: t.red_cards ?? null,
    };
    return [{ contest, teamId, stats }];
  });
  const changed = (await syncTeamStats(tx, rows)) > 0;
  await bind(tx, source, "contest_stats", ext, contest.id, b.feed_at);
  return { data: { id: String(contest.id), changed, ignored: false }, changed };
}
