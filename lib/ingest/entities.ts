/**
 * Competitions, editions, teams and persons by the feed's identifiers, resolved with the
 * importers' rules (lib/importers: league codes, slugs, team aliases, normalised names), so a feed
 * and a file import of the same league meet on the same rows.
 */
import { z } from "zod";
import { resolveCompetition, resolveEdition } from "../importers/competition";
import type { Tx } from "../platform/db";
import {
  correctPerson,
  correctTeam,
  type PersonBody,
  resolvePerson,
  resolveTeam,
  type TeamBody,
  type Resolved,
} from "./identity";

export { PersonBody, TeamBody } from "./identity";
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

/**
 * The one shape of an entity upsert: ignore older; a mapped id gets `correct` (a newer write's
 * fields), a new one is resolved once (created, or joined to an existing row, reported as
 * `matched`) and remembered.
 */
async function upsertMapped(
  tx: Tx,
  source: string,
  kind: Kind,
  ext: string,
  at: Date,
  resolve: (tx: Tx) => Promise<Resolved>,
  correct?: (tx: Tx, id: number) => Promise<boolean>,
): Promise<IngestResult> {
  const mapped = await lookup(tx, source, kind, ext);
  if (isStale(mapped, at)) return ignoredAnswer(mapped, at, kind, { id: mapped.targetId, created: false });
  if (mapped) {
    const id = Number(mapped.targetId);
    const changed = correct ? await correct(tx, id) : false;
    await bind(tx, source, kind, ext, id, at);
    return { status: 200, data: { id: String(id), created: false, changed, ignored: false }, changed };
  }
  const r = await resolve(tx);
  await bind(tx, source, kind, ext, r.id, at);
  const matched = r.created ? {} : { matched: { id: String(r.id), rule: r.rule ?? "" } };
  return {
    status: r.created ? 201 : 200,
    data: { id: String(r.id), created: r.created, changed: r.created, ignored: false, ...matched },
    changed: r.created,
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
    return { id: c.id, created: c.matchedBy === null, rule: `competition ${c.matchedBy ?? ""}` };
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
    return { id: e.id, created: e.created, rule: "competition and edition name" };
  });
}

export const upsertTeam = (tx: Tx, source: string, ext: string, b: z.output<typeof TeamBody>) =>
  upsertMapped(
    tx,
    source,
    "team",
    ext,
    b.feed_at,
    () => resolveTeam(tx, b),
    (t, id) => correctTeam(t, id, b),
  );

/** A person: joined to a namesake only when another fact agrees (lib/ingest/identity.ts), else new. */
export const upsertPerson = (tx: Tx, source: string, ext: string, b: z.output<typeof PersonBody>) =>
  upsertMapped(
    tx,
    source,
    "person",
    ext,
    b.feed_at,
    () => resolvePerson(tx, source, ext, b),
    (t, id) => correctPerson(t, id, b),
  );
