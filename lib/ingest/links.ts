/**
 * An operator's corrections of a feed's identities and clocks (console endpoints under
 * /api/operator/ingest and `npm run admin -- ingest clock|link|split`): reset the feed time an
 * older write is ignored by, link a feed's id to an existing row, or split a person a feed's id
 * was joined to into a person of its own, moving that source's events to it. Each is one
 * transaction with its changes.
 */
import { z } from "zod";
import { ApiError } from "../platform/errors";
import { db, type Tx } from "../platform/db";
import { recordChanges } from "../events/changes";
import { bumpDataVersion } from "../events/data-version";
import { eventData } from "../sports/match-events";
import { createPerson } from "../sports/persons";
import { matchEventsById, updateMatchEvent } from "../sports/store/match-events";
import { contestWithSides } from "../sports/store/contests";
import { rederive, sidesOf } from "./derive";
import { personExists, personToCopy, sourceEventsOfPerson, teamRow } from "./store/identity";
import { bind, lookup, type Kind } from "./mapping";
import { clearFeedTimes } from "./store/mapping";

const source = z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,39}$/, "a feed's source name, e.g. opta");
const externalId = z.string().trim().min(1).max(120);

export const clockInput = z.strictObject({
  source,
  kind: z.enum(["competition", "edition", "team", "person", "contest"]),
  external_id: externalId,
});
export const linkInput = z.strictObject({
  source,
  kind: z.enum(["team", "person"]),
  external_id: externalId,
  target_id: z.number().int().positive(),
});
export const splitInput = z.strictObject({ source, external_id: externalId });

const notMapped = (s: string, kind: string, ext: string) =>
  new ApiError("NOT_FOUND", `Source '${s}' has no ${kind} '${ext.slice(0, 80)}'`);

/**
 * Forgets the feed's clock for an entity, so its next write is accepted whatever its `feed_at`
 * (a contest: its state, lineups, statistics and events too). Returns the gates reset.
 */
export async function resetClock(input: z.output<typeof clockInput>): Promise<{ reset: number }> {
  const { source: s, kind, external_id: ext } = input;
  const keys: Array<{ kind: Kind; externalId: string }> = [{ kind, externalId: ext }];
  if (kind === "contest")
    for (const k of ["contest_state", "contest_lineup", "contest_stats"] as const)
      keys.push({ kind: k, externalId: ext });
  const reset = await db.$transaction((tx) =>
    clearFeedTimes(tx, s, keys, kind === "contest" ? `${ext}/` : null),
  );
  if (!reset) throw notMapped(s, kind, ext);
  return { reset };
}

/** Points a feed's team or person id at an existing row (the operator's explicit link). */
export async function linkIdentity(input: z.output<typeof linkInput>) {
  const { source: s, kind, external_id: ext, target_id: target } = input;
  await db.$transaction(async (tx) => {
    const exists = kind === "team" ? await teamRow(tx, target) : await personExists(tx, target);
    if (!exists) throw new ApiError("NOT_FOUND", `No ${kind} ${target}`);
    const mapped = await lookup(tx, s, kind, ext);
    await bind(tx, s, kind, ext, target, mapped?.feedAt ?? new Date(0));
  });
  await bumpDataVersion();
  return { source: s, kind, external_id: ext, id: String(target) };
}

/**
 * A feed's person id joined to the wrong person becomes a person of its own (a copy of the joined
 * one's details, which the feed's next write corrects); the source's events of that person move
 * to it, each a new revision.
 */
export async function splitPerson(input: z.output<typeof splitInput>) {
  const { source: s, external_id: ext } = input;
  const out = await db.$transaction(async (tx: Tx) => {
    const mapped = await lookup(tx, s, "person", ext);
    if (!mapped) throw notMapped(s, "person", ext);
    const from = Number(mapped.targetId);
    const row = await personToCopy(tx, from);
    if (!row) throw notMapped(s, "person", ext);
    const id = await createPerson(tx, { ...row, externalRef: `ingest:${s}:${ext}:split:${Date.now()}` });
    await bind(tx, s, "person", ext, id, mapped.feedAt ?? new Date(0));
    const events = await sourceEventsOfPerson(tx, s, from);
    for (const e of events)
      await updateMatchEvent(tx, e.id, {
        personId: e.personId === from ? id : e.personId,
        relatedPersonId: e.relatedPersonId === from ? id : e.relatedPersonId,
        revision: e.revision + 1,
        updatedAt: new Date(),
      });
    const moved = await matchEventsById(
      tx,
      events.map((e) => e.id),
    );
    const contests = new Map<number, NonNullable<Awaited<ReturnType<typeof contestWithSides>>>>();
    for (const e of moved)
      if (!contests.has(e.contestId)) contests.set(e.contestId, (await contestWithSides(tx, e.contestId))!);
    await recordChanges(
      tx,
      moved.map((e) => ({
        type: "contest.event" as const,
        resourceId: e.contestId,
        competitionId: contests.get(e.contestId)!.edition.competitionId,
        contestId: e.contestId,
        data: eventData(e),
      })),
    );
    // A finished contest's scorers' season stats follow its events (lib/ingest/derive.ts).
    for (const c of contests.values())
      if (c.status === "finished")
        await rederive(tx, { id: c.id, editionId: c.editionId, sides: sidesOf(c.participants) });
    return { source: s, external_id: ext, from: String(from), id: String(id), events_moved: events.length };
  });
  await bumpDataVersion();
  return out;
}
