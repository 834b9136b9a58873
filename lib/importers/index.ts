import fs from "node:fs";
import path from "node:path";
import { retryBusy } from "../platform/db/busy-retry";
import type { Db } from "../platform/db/client";
import {
  importAdjustments,
  isAdjustmentsHeader,
  parseAdjustments,
  type ParsedAdjustments,
} from "./adjustments-file";
import { parseCsv } from "./csv";
import { ImportError } from "./errors";
import { importFootball } from "./football";
import { parseFootballData } from "./football-data";
import { parseOpenFootball } from "./openfootball";
import { importTennis } from "./tennis";
import { isTennisDataHeader, parseTennisData, type ParsedTennis } from "./tennis-data";
import type { ImportSummary, ParsedFile, RowError } from "./types";

export type { ImportSummary } from "./types";
export { UnmatchedTeamsError } from "./football";
export { ImportError } from "./errors";

export interface ImportOptions {
  /** Slug or name of the competition; default from the file (Div code, or the JSON's name). */
  competition?: string;
  /** Edition name such as "2024/25"; default from the file. */
  edition?: string;
  /** IANA zone of openfootball kick-off times when the league code is unknown. */
  timeZone?: string;
  /** Accepted for compatibility: a malformed row always stops the file unless `skipMalformed`. */
  strict?: boolean;
  /** Skip malformed rows (reported with their line and column) and import the rest. */
  skipMalformed?: boolean;
  /** Create teams for names that match none of an edition's existing teams (default: refuse). */
  createTeams?: boolean;
  /** Recorded on point adjustments from an adjustments file. */
  actor?: string;
}

/** Largest file the importer reads (the biggest real season file is ~0.3 MB). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export const SUPPORTED_FORMATS = [
  "football-data.co.uk results CSV (Div, Date, HomeTeam, AwayTeam, FTHG, FTAG, odds columns)",
  "tennis-data.co.uk ATP or WTA CSV (ATP|WTA, Tournament, Date, Round, Winner, Loser, odds columns)",
  "openfootball JSON ({ name, matches: [...] }, e.g. 2024-25/de.1.json or 2024-25_en.1.json)",
  "point-adjustments CSV (competition, edition, team, points, reason)",
];

const unsupported = (what: string) =>
  new ImportError(`${what}; supported formats:\n${SUPPORTED_FORMATS.map((f) => `  - ${f}`).join("\n")}`);

export type Parsed = ParsedFile | ParsedTennis | ParsedAdjustments;

function parseText(file: string, text: string, opts: ImportOptions): Parsed {
  const ext = path.extname(file).toLowerCase();
  if (ext === ".json") return parseOpenFootball(text, file, opts.timeZone);
  if (ext === ".csv") {
    const header = parseCsv(text.slice(0, 4096).split(/\r?\n/)[0] ?? "")[0]?.cells.map((h) => h.trim()) ?? [];
    if (isTennisDataHeader(header)) return parseTennisData(text);
    if (isAdjustmentsHeader(header)) return parseAdjustments(text);
    if (header.includes("Date") && (header.includes("HomeTeam") || header.includes("HT")))
      return parseFootballData(text);
    throw unsupported(`unrecognised CSV header "${header.slice(0, 6).join(",")}"`);
  }
  if (ext === ".xls" || ext === ".xlsx")
    throw unsupported(`${ext} workbooks are not read: save the sheet as .csv`);
  throw unsupported(`unsupported file type "${ext || path.basename(file)}"`);
}

/** Reads and parses a file without touching the database; throws ImportError for a file it cannot use. */
export function parseFile(file: string, opts: ImportOptions = {}): Parsed {
  if (!fs.existsSync(file)) throw new ImportError(`file not found: ${file}`);
  const size = fs.statSync(file).size;
  if (size > MAX_FILE_BYTES)
    throw new ImportError(`${path.basename(file)} is ${size} bytes; the limit is ${MAX_FILE_BYTES}`);
  const text = fs.readFileSync(file, "utf8");
  try {
    return parseText(file, text, opts);
  } catch (err) {
    if (err instanceof ImportError) throw new ImportError(`${path.basename(file)}: ${err.message}`);
    throw new ImportError(`${path.basename(file)}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const rowsOf = (p: Parsed) => (p.format === "adjustments" ? p.rows.length : p.records.length);

function checkRows(file: string, parsed: Parsed, skipMalformed?: boolean) {
  const errors: RowError[] = parsed.errors;
  if (!rowsOf(parsed)) {
    const why = errors.length
      ? `; ${errors.length} malformed row(s), first at ${errors[0].where}: ${errors[0].message}`
      : "";
    throw new ImportError(`${path.basename(file)}: nothing importable${why}`);
  }
  if (!skipMalformed && errors.length)
    throw new ImportError(
      `${path.basename(file)}: ${errors[0].where}: ${errors[0].message}; nothing imported (${errors.length} malformed row(s); --skip-malformed imports the rest):\n${errors.map((e) => `  ${e.where}: ${e.message}`).join("\n")}`,
    );
}

/**
 * Imports one file in a single transaction (a crash, a malformed row or an unmatched team name
 * leaves the database as it was), rebuilding standings and season totals in the same transaction.
 * A malformed row stops the file, named by its line and column (CSV) or match number (JSON);
 * with `skipMalformed` such rows are reported and skipped.
 */
export async function importFile(db: Db, file: string, opts: ImportOptions = {}): Promise<ImportSummary> {
  const parsed = parseFile(file, opts);
  checkRows(file, parsed, opts.skipMalformed);
  const name = path.basename(file);
  return retryBusy(() =>
    db.$transaction(
      async (tx) => {
        if (parsed.format === "tennis-data") return importTennis(tx, name, parsed, opts.edition);
        if (parsed.format === "adjustments")
          return importAdjustments(tx, name, parsed, opts.actor ?? `import:${name}`);
        return importFootball(tx, name, parsed, opts);
      },
      { timeout: 10 * 60_000, maxWait: 30_000 },
    ),
  );
}

/** True when the import wrote anything (so caches must be invalidated). */
export function changedAnything(s: ImportSummary): boolean {
  return (
    s.contests.imported +
      s.contests.updated +
      s.odds.imported +
      s.odds.updated +
      s.teamsCreated +
      s.personsCreated +
      s.standingsChanged +
      (s.details ? s.details.events.created + s.details.events.updated + s.details.events.deleted : 0) +
      (s.details ? s.details.statistics + s.details.personStats : 0) >
    0
  );
}
