/**
 * Who a feed's new id is: an existing row it joins (and by which rule, reported in the answer as
 * `matched`), or a new one. Teams join by normalised name or alias with their country, as imports
 * do; persons never by a name alone: the name plus a birth date, a team they played for or their
 * nationality, or an operator's explicit link (lib/ingest/links.ts). A newer write of a mapped id
 * corrects the row (a team's name, a person's details) with a `*.updated` change.
 */
import { z } from "zod";
import { ApiError } from "../platform/errors";
import type { Tx } from "../platform/db";
import { recordChanges } from "../events/changes";
import { canonicalName } from "../importers/team-names";
import { TeamResolver } from "../importers/teams";
import { nameTokens, normalizeName } from "../sports/normalize";
import { createPerson, joinNamesake } from "../sports/persons";
import { country, externalId, feedAt, name } from "./schemas";
import { resolveRef } from "./mapping";
import {
  personRow,
  personsNamedAll,
  personsWithTeam,
  teamIdNamed,
  teamRow,
  updatePersonRow,
  updateTeamRow,
} from "./store/identity";

export const TeamBody = z.strictObject({ name, country, feed_at: feedAt });

export const PersonBody = z.strictObject({
  name,
  nationality: country,
  position: z.string().trim().max(40).nullable().optional(),
  sport: z.enum(["football", "tennis"]).default("football"),
  birth_date: z.iso.date({ error: "must be a date, e.g. 1987-06-24" }).optional(),
  team: externalId
    .optional()
    .describe("A team (same source) the person plays for: joins an existing namesake of it"),
  feed_at: feedAt,
});
/** A new id's row: created, or joined to an existing one by `rule`. */
export interface Resolved {
  id: number;
  created: boolean;
  rule?: string;
}

export async function resolveTeam(tx: Tx, b: z.output<typeof TeamBody>): Promise<Resolved> {
  const resolver = await TeamResolver.load(tx);
  const known = resolver.match(b.name, b.country ?? null);
  if (known !== undefined) return { id: known, created: false, rule: "team name or alias, with its country" };
  return { id: await resolver.resolve(b.name, b.country ?? null), created: true };
}

/** A newer write of a mapped team: its name and country as sent. */
export async function correctTeam(tx: Tx, id: number, b: z.output<typeof TeamBody>): Promise<boolean> {
  const row = await teamRow(tx, id);
  if (!row) return false;
  const name = canonicalName(b.name, b.country ?? row.country);
  const country = b.country === undefined ? row.country : b.country;
  if (name === row.name && country === row.country) return false;
  // The holder may be this team itself: a concurrent write of the same name committed after `row`
  // was read (PostgreSQL, read committed).
  const holder = name === row.name ? null : await teamIdNamed(tx, name);
  if (holder !== null && holder !== id)
    throw new ApiError(
      "CONFLICT",
      `Invalid field '/name': team ${holder} is already named '${name.slice(0, 80)}'; if both are one club, an operator merges them with a team alias`,
    );
  await updateTeamRow(tx, id, { name, nameNormalized: normalizeName(name), country });
  await recordChanges(tx, [
    {
      type: "team.updated",
      resourceId: id,
      competitionId: null,
      contestId: null,
      data: { id: String(id), name, country },
    },
  ]);
  return true;
}

const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

/** The one person of that name the body's other facts point at, else a new person. */
export async function resolvePerson(
  tx: Tx,
  source: string,
  ext: string,
  b: z.output<typeof PersonBody>,
): Promise<Resolved> {
  const nameNormalized = normalizeName(b.name);
  const same = await personsNamedAll(tx, nameNormalized, b.sport);
  const born = b.birth_date ?? null;
  const teamId = b.team === undefined ? null : await resolveRef(tx, source, "team", b.team, "/team");
  const byTeam =
    teamId !== null && same.length
      ? await personsWithTeam(
          tx,
          same.map((p) => p.id),
          teamId,
        )
      : null;
  const namesakes = same.map((p) => ({
    ...p,
    teamIds: teamId !== null && byTeam?.has(p.id) ? [teamId] : [],
  }));
  const found = joinNamesake(namesakes, { birthDate: born, nationality: b.nationality, teamId });
  if (found) return { ...found, created: false };
  const id = await createPerson(tx, {
    name: b.name,
    nameNormalized,
    nationality: b.nationality ?? null,
    position: b.position ?? null,
    birthDate: born ? new Date(`${born}T00:00:00Z`) : null,
    sport: b.sport,
    externalRef: `ingest:${source}:${ext}`,
  });
  return { id, created: true };
}

/** A newer write of a mapped person: the name, nationality, position and birth date as sent. */
export async function correctPerson(tx: Tx, id: number, b: z.output<typeof PersonBody>): Promise<boolean> {
  const row = await personRow(tx, id);
  if (!row) return false;
  const next = {
    name: b.name,
    nameNormalized: normalizeName(b.name),
    nationality: b.nationality === undefined ? row.nationality : b.nationality,
    position: b.position === undefined ? row.position : b.position,
    birthDate: b.birth_date ? new Date(`${b.birth_date}T00:00:00Z`) : row.birthDate,
  };
  const same =
    next.name === row.name &&
    next.nationality === row.nationality &&
    next.position === row.position &&
    day(next.birthDate) === day(row.birthDate);
  if (same) return false;
  await updatePersonRow(tx, id, next, next.name === row.name ? null : nameTokens(next.name));
  const data = {
    id: String(id),
    name: next.name,
    sport: row.sport,
    nationality: next.nationality,
    position: next.position,
    birth_date: day(next.birthDate),
  };
  await recordChanges(tx, [
    { type: "person.updated", resourceId: id, competitionId: null, contestId: null, data },
  ]);
  return true;
}
