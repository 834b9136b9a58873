import type { DbOrTx } from "../platform/db/client";
import { outcomesOf } from "../sports/outcome";
import { rebuildEditionStats } from "../sports/store/stats";
import { rebuildStandings } from "../sports/standings";
import { resolveCompetition, resolveEdition } from "./competition";
import { ImportError } from "./errors";
import { writeMatchDetail } from "./match-detail";
import { upsertOdds } from "./store/odds";
import { TeamResolver, type UnmatchedName } from "./teams";
import type { ImportSummary, MatchRecord, ParsedFile, RowError } from "./types";
import { upsertContests, type ContestInput } from "./upsert";

export class UnmatchedTeamsError extends ImportError {
  constructor(
    readonly unmatched: UnmatchedName[],
    editionLabel: string,
  ) {
    super(
      [
        `${unmatched.length} team name(s) match no team of ${editionLabel}, which already has its teams from another source; nothing imported:`,
        ...unmatched.map(
          (u) =>
            `  "${u.name}"${u.suggestions.length ? ` - did you mean ${u.suggestions.map((s) => `"${s}"`).join(", ")}?` : " - no similar team"}`,
        ),
        `Resolve each with: npm run admin -- team alias add --team "<existing team>" --alias "<name in the file>"`,
        "(or pass --create-teams when they really are new clubs)",
      ].join("\n"),
    );
  }
}

/** A side's outcome: the score, a level one by the shoot-out's winner (lib/sports/outcome.ts). */
const outcome = (r: MatchRecord, side: 0 | 1): string | null =>
  r.score ? outcomesOf(r.score[0], r.score[1], r.decidedBy)[side] : null;

export interface FootballOptions {
  competition?: string;
  edition?: string;
  /** Create teams for names that match none of an edition's existing teams. */
  createTeams?: boolean;
}

/** Writes one parsed football file inside the caller's transaction; see importFile. */
export async function importFootball(
  tx: DbOrTx,
  file: string,
  parsed: ParsedFile,
  opts: FootballOptions,
): Promise<ImportSummary> {
  const competition = await resolveCompetition(tx, parsed.competition, opts.competition);
  const edition = await resolveEdition(
    tx,
    competition.id,
    opts.edition?.trim() || parsed.edition,
    parsed.records,
  );
  const teams = await TeamResolver.load(tx, edition.id);
  const country = competition.country;
  const unmatched = teams.plan(
    parsed.records
      .flatMap((r) => [r.home, r.away])
      .map((t) => ({ name: t.name, country: t.country ?? country })),
  );
  if (unmatched.length && !opts.createTeams)
    throw new UnmatchedTeamsError(unmatched, `${competition.name} ${edition.name}`);
  const errors: RowError[] = [...parsed.errors];
  const inputs = new Map<string, ContestInput & { record: MatchRecord; teamIds: [number, number] }>();
  for (const r of parsed.records) {
    const home = await teams.resolve(r.home.name, r.home.country ?? country);
    const away = await teams.resolve(r.away.name, r.away.country ?? country);
    const externalRef = `${competition.slug}/${edition.name}/${r.localDate}/${home}-${away}`;
    const dup = inputs.get(externalRef);
    if (dup) {
      errors.push({ where: r.where, message: `duplicate of ${dup.r.where} (same clubs on the same day)` });
      continue;
    }
    inputs.set(externalRef, {
      record: r,
      r,
      externalRef,
      teamIds: [home, away],
      referee: r.referee ?? null,
      venue: r.venue ?? null,
      decidedBy: r.penalties ? "penalties" : r.extraTime ? "extra_time" : null,
      sides: ([home, away] as const).map((teamId, s) => ({
        side: s === 0 ? "home" : "away",
        teamId,
        personId: null,
        score: r.score?.[s] ?? null,
        halftimeScore: r.halftime?.[s] ?? null,
        scoreDetail: r.detail,
        outcome: outcome(r, s as 0 | 1),
        fullTimeScore: r.fullTime?.[s] ?? null,
        extraTimeScore: r.extraTime?.[s] ?? null,
        penaltyScore: r.penalties?.[s] ?? null,
      })) as ContestInput["sides"],
    });
  }
  const list = [...inputs.values()];
  const { ids, counts } = await upsertContests(tx, edition.id, list);
  const odds = await upsertOdds(
    tx,
    competition.id,
    list.map((i) => ({ contestId: ids.get(i)!, odds: i.record.odds })),
  );
  const detail = await writeMatchDetail(
    tx,
    competition,
    edition,
    list.map((i) => ({ contestId: ids.get(i)!, teamIds: i.teamIds, record: i.record })),
    parsed.format,
  );
  const standingsChanged = await rebuildStandings(tx, edition.id);
  await rebuildEditionStats(tx, edition.id);
  return {
    file,
    format: parsed.format,
    competition: `${competition.name} (${competition.slug})`,
    edition: edition.name,
    contests: counts,
    odds,
    teamsCreated: teams.created,
    personsCreated: detail.personsCreated,
    standingsChanged,
    details: detail.details,
    skipped: errors.length,
    errors,
    notes: [...parsed.notes, ...teams.notes, ...detail.notes],
  };
}
