import type { DbOrTx } from "../platform/db/client";
import { leagueByCode } from "../sports/leagues";
import { normalizeName, slugify } from "../sports/normalize";
import {
  competitionByCode,
  competitionBySlug,
  createCompetition,
  createEdition,
  editionByName,
  listCompetitions,
  setEditionDates,
  updateCompetition,
} from "../sports/store/competitions";
import type { MatchRecord } from "./types";

export interface CompetitionMeta {
  name: string;
  country: string | null;
  format: string;
  code: string | null;
  tier: number | null;
  sport?: string;
  kind?: string;
}

/**
 * Tournaments sources name differently, by their normalised names: openfootball's "World Cup"
 * is the international results' "FIFA World Cup".
 */
const SAME_COMPETITION: Record<string, string> = { "world cup": "FIFA World Cup" };
/** Slugs people type for a canonical name (`competition=world-cup`), whichever source came first. */
const SLUGS: Record<string, string> = { "FIFA World Cup": "world-cup" };

/** The name a competition is stored and found under. */
export const canonicalCompetitionName = (name: string): string =>
  SAME_COMPETITION[normalizeName(name)] ?? name;

/**
 * One competition per league whichever source arrives first: by league code (football-data's
 * `Div` and openfootball's file code map to the same one), then by slug, then by name (accents and
 * case ignored); created from the file's metadata when absent. `wanted` (--competition) wins.
 */
export async function resolveCompetition(db: DbOrTx, meta: CompetitionMeta, wanted?: string) {
  const league = wanted ? undefined : leagueByCode(meta.code);
  const name = canonicalCompetitionName(wanted?.trim() || league?.name || meta.name);
  const code = league?.code ?? null;
  const byCode = code ? await competitionByCode(db, code) : null;
  if (byCode) return { ...byCode, matchedBy: "code" as string | null };
  const slug = league?.slug ?? SLUGS[name] ?? slugify(name);
  const bySlug = (await competitionBySlug(db, name)) ?? (await competitionBySlug(db, slug));
  const all = bySlug ? [] : await listCompetitions(db);
  const found = bySlug ?? all.find((c) => normalizeName(c.name) === normalizeName(name));
  if (found) {
    const matchedBy = bySlug ? "slug" : "name";
    // An older import made this competition before it had a code: claim it for the league.
    if (code && !found.code)
      return { ...(await updateCompetition(db, found.id, { code, tier: league?.tier ?? null })), matchedBy };
    return { ...found, matchedBy };
  }
  const created = await createCompetition(db, {
    slug,
    name,
    sport: meta.sport ?? "football",
    kind: meta.kind ?? "team",
    format: league?.format ?? meta.format,
    country: league?.country ?? meta.country,
    code,
    tier: league?.tier ?? meta.tier,
  });
  return { ...created, matchedBy: null };
}

/** Finds or creates the edition; its date range grows to cover the file's contests. */
export async function resolveEdition(
  db: DbOrTx,
  competitionId: number,
  name: string,
  records: Array<Pick<MatchRecord, "kickoffAt">>,
) {
  const times = records.map((r) => r.kickoffAt.getTime());
  const start = new Date(times.length ? Math.min(...times) : 0);
  const end = new Date(times.length ? Math.max(...times) : 0);
  const existing = await editionByName(db, competitionId, name);
  if (!existing)
    return {
      ...(await createEdition(db, { competitionId, name, startDate: start, endDate: end })),
      created: true,
    };
  if (!times.length || (existing.startDate <= start && existing.endDate >= end))
    return { ...existing, created: false };
  const widened = await setEditionDates(
    db,
    existing.id,
    existing.startDate < start ? existing.startDate : start,
    existing.endDate > end ? existing.endDate : end,
  );
  return { ...widened, created: false };
}
