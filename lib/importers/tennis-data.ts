/**
 * tennis-data.co.uk season files (ATP and WTA): one row per match, winner first. Dates are
 * dd/mm/yyyy on the site; re-saved copies often hold m/d/yyyy, so the format is detected per file.
 */
import { isValidDate } from "../sports/time";
import { at, parseCsv } from "./csv";
import type { RowError } from "./types";

/** Odds column prefix -> bookmaker key (The Odds API style, as the football importer). */
const BOOKMAKERS: Record<string, string> = {
  B365: "bet365",
  PS: "pinnacle",
  Max: "market_max",
  Avg: "market_avg",
  EX: "expekt",
  LB: "ladbrokes",
  SJ: "stanjames",
  UB: "unibet",
  CB: "centrebet",
  GB: "gamebookers",
  IW: "interwetten",
  SB: "sportingbet",
  BFE: "betfair_exchange",
};

export interface TennisRecord {
  where: string;
  tour: "ATP" | "WTA";
  tournamentNo: string;
  location: string;
  tournament: string;
  date: string;
  series: string;
  surface: string;
  round: string;
  bestOf: number | null;
  winner: string;
  loser: string;
  ranks: { winner: number | null; loser: number | null };
  points: { winner: number | null; loser: number | null };
  /** Games per set from the winner's side: [[6, 4], [6, 7]]. */
  sets: Array<[number, number]>;
  setsWon: [number, number] | null;
  /** Completed | Retired | Walkover | Awarded | Disqualified ... */
  comment: string;
  odds: Array<{ bookmaker: string; winner: number; loser: number }>;
}

export interface ParsedTennis {
  format: "tennis-data";
  tour: "ATP" | "WTA";
  season: string;
  dateFormat: "dd/mm/yyyy" | "m/d/yyyy" | "yyyy-mm-dd";
  records: TennisRecord[];
  errors: RowError[];
  notes: string[];
}

export const isTennisDataHeader = (header: string[]) =>
  (header[0] === "ATP" || header[0] === "WTA") && header.includes("Winner") && header.includes("Loser");

type DateFormat = ParsedTennis["dateFormat"];

function toIso(cell: string, format: DateFormat): string | null {
  if (format === "yyyy-mm-dd") return /^\d{4}-\d{2}-\d{2}$/.test(cell) && isValidDate(cell) ? cell : null;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(cell);
  if (!m) return null;
  const [a, b] = [m[1].padStart(2, "0"), m[2].padStart(2, "0")];
  const year = m[3].length === 2 ? `20${m[3]}` : m[3];
  const iso = format === "dd/mm/yyyy" ? `${year}-${b}-${a}` : `${year}-${a}-${b}`;
  return isValidDate(iso) ? iso : null;
}

/**
 * The file's date format: the reading under which fewer dates are invalid (a malformed row stays a
 * row error); when both fit, the one under which each tournament's matches span fewer days (a
 * tournament lasts about two weeks at most); when still level, the site's own dd/mm/yyyy.
 */
export function detectDateFormat(rows: Array<{ tournament: string; date: string }>): {
  format: DateFormat;
  note?: string;
} {
  if (rows.length && rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.date))) return { format: "yyyy-mm-dd" };
  const score = (format: DateFormat) => {
    const byT = new Map<string, number[]>();
    let invalid = 0;
    for (const r of rows) {
      const iso = toIso(r.date, format);
      if (!iso) invalid++;
      else byT.set(r.tournament, [...(byT.get(r.tournament) ?? []), Date.parse(iso)]);
    }
    const span = Math.max(0, ...[...byT.values()].map((t) => (Math.max(...t) - Math.min(...t)) / 86_400_000));
    return { invalid, span };
  };
  const [dmy, mdy] = [score("dd/mm/yyyy"), score("m/d/yyyy")];
  if (dmy.invalid === rows.length && mdy.invalid === rows.length)
    throw new Error("dates are neither dd/mm/yyyy nor m/d/yyyy (column Date); nothing imported");
  if (mdy.invalid < dmy.invalid || (mdy.invalid === dmy.invalid && mdy.span < dmy.span))
    return { format: "m/d/yyyy" };
  if (dmy.invalid === mdy.invalid && dmy.span === mdy.span)
    return {
      format: "dd/mm/yyyy",
      note: "dates read as dd/mm/yyyy (tennis-data.co.uk's own format); both readings fit",
    };
  return { format: "dd/mm/yyyy" };
}

const int = (s: string, what: string): number | null => {
  // Unranked players: "N/A" or "NR" in WRank/LRank and WPts/LPts.
  if (s === "" || /^(n\/?a|nr|-)$/i.test(s)) return null;
  if (!/^\d+$/.test(s)) throw new Error(`invalid ${what} "${s}"`);
  return Number(s);
};

export function parseTennisData(text: string): ParsedTennis {
  const rows = parseCsv(text);
  const header = rows.shift()?.cells.map((h) => h.trim()) ?? [];
  if (!isTennisDataHeader(header))
    throw new Error("not a tennis-data.co.uk file: the header needs ATP or WTA, Winner and Loser columns");
  const tour = header[0] as "ATP" | "WTA";
  const index = new Map(header.map((h, i) => [h, i]));
  const data = rows.filter((r) => r.cells.some((c) => c.trim() !== ""));
  const cell = (r: { cells: string[] }, c: string) => (r.cells[index.get(c) ?? -1] ?? "").trim();
  const { format, note } = detectDateFormat(
    data.map((r) => ({ tournament: `${cell(r, tour)}|${cell(r, "Tournament")}`, date: cell(r, "Date") })),
  );
  const books = Object.entries(BOOKMAKERS).filter(([p]) => index.has(`${p}W`) && index.has(`${p}L`));
  const records: TennisRecord[] = [];
  const errors: RowError[] = [];
  for (const row of data) {
    const where = `line ${row.line}`;
    let read = "";
    const get = (c: string) => {
      read = c;
      return cell(row, c);
    };
    try {
      if (row.cells.length < header.length)
        throw new Error(`has ${row.cells.length} fields, the header has ${header.length}`);
      const date = toIso(get("Date"), format);
      if (!date) throw new Error(`invalid Date "${get("Date")}" (expected ${format})`);
      const [winner, loser] = [get("Winner"), get("Loser")];
      if (!winner || !loser || !get("Tournament")) throw new Error("missing Tournament, Winner or Loser");
      if (winner === loser) throw new Error(`winner and loser are the same player "${winner}"`);
      const sets: Array<[number, number]> = [];
      for (let n = 1; n <= 5; n++) {
        const [w, l] = [int(get(`W${n}`), `W${n}`), int(get(`L${n}`), `L${n}`)];
        if (w === null && l === null) continue;
        sets.push([w ?? 0, l ?? 0]);
      }
      const [ws, ls] = [int(get("Wsets"), "Wsets"), int(get("Lsets"), "Lsets")];
      const odds = books.flatMap(([prefix, bookmaker]) => {
        const [w, l] = [get(`${prefix}W`), get(`${prefix}L`)];
        if (w === "" || l === "") return [];
        const [pw, pl] = [Number(w), Number(l)];
        if (!(pw > 1) || !(pl > 1)) throw new Error(`invalid price "${w}"/"${l}" in ${prefix}W/${prefix}L`);
        return [{ bookmaker, winner: pw, loser: pl }];
      });
      records.push({
        where,
        tour,
        tournamentNo: get(tour),
        location: get("Location"),
        tournament: get("Tournament"),
        date,
        series: get("Series") || get("Tier"),
        surface: get("Surface"),
        round: get("Round") || "Unknown round",
        bestOf: int(get("Best of"), "Best of"),
        winner,
        loser,
        ranks: { winner: int(get("WRank"), "WRank"), loser: int(get("LRank"), "LRank") },
        points: { winner: int(get("WPts"), "WPts"), loser: int(get("LPts"), "LPts") },
        sets,
        setsWon: ws === null && ls === null ? null : [ws ?? 0, ls ?? 0],
        comment: get("Comment") || "Completed",
        odds,
      });
    } catch (err) {
      errors.push({
        where: at(where, index, read),
        message: err instanceof Error ? err.message : String(err),
      });
    }
  }
  // The season is the year most matches fall in (a January tournament may start on 31 December).
  const years = new Map<string, number>();
  for (const r of records) years.set(r.date.slice(0, 4), (years.get(r.date.slice(0, 4)) ?? 0) + 1);
  const season = [...years].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "unknown";
  return {
    format: "tennis-data",
    tour,
    season,
    dateFormat: format,
    records,
    errors,
    notes: [note ?? `dates read as ${format}`],
  };
}
