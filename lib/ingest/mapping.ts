/**
 * The feed's identifiers: (source, kind, external id) -> Statline id, and the feed timestamp of
 * the last accepted write per identifier, so a feed never needs Statline's ids and an update
 * stamped earlier than what is stored never overwrites newer data.
 */
import type { Tx } from "../platform/db";
import { contestExists } from "../sports/store/contests";
import { invalidField } from "../http/body";
import { findMapping, upsertMapping } from "./store/mapping";
import type { IngestResult } from "./types";

export type Kind =
  | "competition"
  | "edition"
  | "team"
  | "person"
  | "contest"
  | "contest_state"
  | "contest_lineup"
  | "contest_stats"
  | "event";

export interface Mapped {
  targetId: string;
  feedAt: Date | null;
}

/**
 * The reserved source `statline` names Statline's own contest ids (e.g. the demo simulator, or a
 * feed keying in results for imported fixtures): no mapping row, the contest must exist.
 */
export const STATLINE_SOURCE = "statline";

/** The contest id a `statline` reference names, or 0 when it cannot be one. */
export function statlineContestId(externalId: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(externalId) ? Number(externalId) : 0;
  return id <= 2_147_483_647 ? id : 0;
}

/** The 400 for a reference to an id the source never upserted. */
export const unknownRef = (source: string, kind: Kind, externalId: string, field: string) =>
  invalidField(field, `no ${kind} '${externalId.slice(0, 80)}' from source '${source}'; upsert it first`);

export async function lookup(tx: Tx, source: string, kind: Kind, externalId: string): Promise<Mapped | null> {
  if (source === STATLINE_SOURCE && kind === "contest") {
    const id = statlineContestId(externalId);
    const found = id > 0 && (await contestExists(tx, id));
    return found ? { targetId: String(id), feedAt: null } : null;
  }
  return findMapping(tx, source, kind, externalId);
}

/** The Statline id a reference names, or the 400 naming the field that holds it. */
export async function resolveRef(
  tx: Tx,
  source: string,
  kind: Kind,
  externalId: string,
  field: string,
): Promise<number> {
  const found = await lookup(tx, source, kind, externalId);
  if (!found) throw unknownRef(source, kind, externalId, field);
  return Number(found.targetId);
}

/** true when a write stamped `feedAt` is older than the last accepted one (and must be ignored). */
export const isStale = (mapped: Mapped | null, feedAt: Date): mapped is Mapped & { feedAt: Date } =>
  mapped?.feedAt != null && feedAt.getTime() < mapped.feedAt.getTime();

/**
 * The answer to a write older than the stored one: nothing written, why, and the stored state
 * (`stored`: the fields of the route's documented answer, e.g. a contest state's `status`, and
 * `created: false` where the route's answer has `created`).
 */
export function ignoredAnswer(
  gate: Mapped & { feedAt: Date },
  feedAt: Date,
  what: string,
  stored: Record<string, unknown>,
): IngestResult {
  const reason = `feed_at ${feedAt.toISOString()} is older than the last accepted update of this ${what} (${gate.feedAt.toISOString()}); nothing was written`;
  return { data: { changed: false, ignored: true, reason, ...stored }, changed: false };
}

/** Records the identifier and the write's feed timestamp (never moving the timestamp back). */
export async function bind(
  tx: Tx,
  source: string,
  kind: Kind,
  externalId: string,
  targetId: number,
  feedAt: Date,
): Promise<void> {
  await upsertMapping(tx, { source, kind, externalId }, String(targetId), feedAt);
}
