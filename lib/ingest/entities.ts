/**
 * Competitions, editions, teams and persons by the feed's identifiers, resolved with the
 * importers' rules (lib/importers: league codes, slugs, team aliases, normalised names), so a feed
 * and a file import of the same league meet on the same rows.
 */
import { z } from "zod";
import { resolveCompetition, resolveEdition } from "../importers/competition";
import { TeamResolver } from "../importers/teams";
import { normalizeName } from "../sports/normalize";
import { createPerson } from "../sports/persons";
import { personsNamed } from "../sports/store/persons";
import type { Tx } from "../db";
import { bind, ignoredAnswer, isStale, lookup, resolveRef, type Kind } from "./mapping";
import { country, externalId, feedAt, name } from "./schemas";
import type { IngestResult } from "./types";

export const CompetitionBody = z.strictObject({
  name,
  country,
  sport: z.enum(["football", "tennis"]).default("football"),
  format: z.enum(["league", "knockout", "league_knockout"]).default("league"),
  code: z
    .string()
    .trim()
    .max(20)
    .nullable()
    .optional()
    .describe("League code, e.g. en.1 (lib/sports/leagues.ts)"),
  feed_at: feedAt,
});

export const EditionBody = z.strictObject({
  competition: externalId.describe("The competition's external id (same source)"),
  name: name.describe('e.g. "2026/27"'),
  start_date: z.iso.date({ error: "must be a date, e.g. 2026-08-01" }).optional(),
  end_date: z.iso.date({ error: "must be a date, e.g. 2027-05-31" }).optional(),
  feed_at: feedAt,
});

export const TeamBody = z.strictObject({ name, country, feed_at: feedAt });

export const PersonBody = z.strictObject({
  name,
  nationality: country,
  position: z.string().trim().max(40).nullable().optional(),
  sport: z.enum(["football", "tennis"]).default("football"),
  feed_at: feedAt,
});

type Upsert = (tx: Tx) => Promise<number>;

/** The one shape of an entity upsert: ignore older, else resolve once and remember the mapping. */
async function upsertMapped(
  tx: Tx,
  source: string,
  kind: Kind,
  ext: string,
  at: Date,
  create: Upsert,
): Promise<IngestResult> {
  const mapped = await lookup(tx, source, kind, ext);
  if (isStale(mapped, at)) return ignoredAnswer(mapped, at, kind, { id: mapped.targetId });
  const id = mapped ? Number(mapped.targetId) : await create(tx);
  await bind(tx, source, kind, ext, id, at);
  return {
    status: mapped ? 200 : 201,
    data: { id: String(id), created: !mapped, changed: !mapped, ignored: false },
    changed: !mapped,
  };
}

export const upsertCompetition = (tx: Tx, source: string, ext: string, b: z.output<typeof CompetitionBody>) =>
  upsertMapped(tx, source, "competition", ext, b.feed_at, async () => {
    const c = await resolveCompetition(tx, {
      name: b.name,
      country: b.country ?? null,
      format: b.format,
      code: b.code ?? null,
      tier: null,
      sport: b.sport,
      kind: b.sport === "tennis" ? "individual" : "team",
    });
    return c.id;
  });

export async function upsertEdition(tx: Tx, source: string, ext: string, b: z.output<typeof EditionBody>) {
  const competitionId = await resolveRef(tx, source, "competition", b.competition, "/competition");
  return upsertMapped(tx, source, "edition", ext, b.feed_at, async () => {
    // The range grows later to cover every contest upserted into the edition.
    const days = [b.start_date, b.end_date].filter((d) => d !== undefined);
    const span = (days.length ? days.map((d) => new Date(`${d}T00:00:00Z`)) : [b.feed_at]).map(
      (kickoffAt) => ({
        kickoffAt,
      }),
    );
    const e = await resolveEdition(tx, competitionId, b.name, span);
    return e.id;
  });
}

export const upsertTeam = (tx: Tx, source: string, ext: string, b: z.output<typeof TeamBody>) =>
  upsertMapped(tx, source, "team", ext, b.feed_at, async () =>
    (await TeamResolver.load(tx)).resolve(b.name, b.country ?? null),
  );

/** A person: the one existing person of that sport with the same normalised name, else a new one. */
export const upsertPerson = (tx: Tx, source: string, ext: string, b: z.output<typeof PersonBody>) =>
  upsertMapped(tx, source, "person", ext, b.feed_at, async () => {
    const nameNormalized = normalizeName(b.name);
    const same = await personsNamed(tx, nameNormalized, b.sport, 2);
    if (same.length === 1) return same[0].id;
    return createPerson(tx, {
      name: b.name,
      nameNormalized,
      nationality: b.nationality ?? null,
      position: b.position ?? null,
      sport: b.sport,
      externalRef: `ingest:${source}:${ext}`,
    });
  });
