import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/client";
import { rebuildEditionStats } from "../sports/stats";
import { rebuildStandings } from "../sports/standings";
import { parseFootballData } from "./football-data";
import { parseOpenFootball } from "./openfootball";
import { TeamResolver } from "./teams";
import type { ImportSummary, ParsedFile } from "./types";
import { resolveCompetition, resolveEdition, upsertContests, upsertOdds } from "./upsert";

export type { ImportSummary } from "./types";

export interface ImportOptions {
  /** Slug or name of the competition; default from the file (Div code, or the JSON's name). */
  competition?: string;
  /** Edition name such as "2024/25"; default from the file. */
  edition?: string;
  /** IANA zone of openfootball kick-off times when the league code is unknown. */
  timeZone?: string;
  /** Roll back and fail when any row is malformed (default: skip those rows, import the rest). */
  strict?: boolean;
}

export class ImportError extends Error {}

/** Reads and parses a file without touching the database; throws ImportError for a file it cannot use. */
export function parseFile(file: string, opts: ImportOptions = {}): ParsedFile {
  if (!fs.existsSync(file)) throw new ImportError(`file not found: ${file}`);
  const text = fs.readFileSync(file, "utf8");
  const ext = path.extname(file).toLowerCase();
  try {
    if (ext === ".csv") return parseFootballData(text);
    if (ext === ".json") return parseOpenFootball(text, file, opts.timeZone);
  } catch (err) {
    throw new ImportError(`${path.basename(file)}: ${err instanceof Error ? err.message : String(err)}`);
  }
  throw new ImportError(`unsupported file type "${ext || path.basename(file)}": expected a football-data.co.uk .csv or an openfootball .json`);
}

/**
 * Imports one file in a single transaction (a crash or a strict-mode error leaves the database as
 * it was), then rebuilds the edition's standings and season totals in the same transaction.
 * Malformed rows are reported with their line (CSV) or match number (JSON) and skipped.
 */
export async function importFile(db: Db, file: string, opts: ImportOptions = {}): Promise<ImportSummary> {
  const parsed = parseFile(file, opts);
  if (!parsed.records.length) {
    const why = parsed.errors.length ? `; ${parsed.errors.length} malformed row(s), first at ${parsed.errors[0].where}: ${parsed.errors[0].message}` : "";
    throw new ImportError(`${path.basename(file)}: no importable matches${why}`);
  }
  if (opts.strict && parsed.errors.length) {
    throw new ImportError(`${parsed.errors.length} malformed row(s), nothing imported (--strict):\n${parsed.errors.map((e) => `  ${e.where}: ${e.message}`).join("\n")}`);
  }
  return db.$transaction(
    async (tx) => {
      const competition = await resolveCompetition(tx, parsed, opts.competition);
      const editionName = opts.edition?.trim() || parsed.edition;
      const edition = await resolveEdition(tx, competition.id, editionName, parsed.records);
      const teams = await TeamResolver.load(tx);
      const errors = [...parsed.errors];
      const { ids, counts } = await upsertContests(tx, competition, edition, parsed.records, teams, errors);
      const odds = await upsertOdds(tx, ids);
      const standingsChanged = await rebuildStandings(tx, edition.id);
      await rebuildEditionStats(tx, edition.id);
      return {
        file: path.basename(file),
        format: parsed.format,
        competition: `${competition.name} (${competition.slug})`,
        edition: edition.name,
        contests: counts,
        odds,
        teamsCreated: teams.created,
        standingsChanged,
        skipped: errors.length,
        errors,
        notes: parsed.notes,
      };
    },
    { timeout: 10 * 60_000, maxWait: 30_000 },
  );
}

/** True when the import wrote anything (so caches must be invalidated). */
export function changedAnything(s: ImportSummary): boolean {
  return s.contests.imported + s.contests.updated + s.odds.imported + s.odds.updated + s.teamsCreated + s.standingsChanged > 0;
}
