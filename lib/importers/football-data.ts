import { leagueByDiv } from "../sports/leagues";
import { addDays, isValidDate, localDate as localDateIn, weekday, zonedTimeToUtc } from "../sports/time";
import { at, parseCsv } from "./csv";
import type { MatchRecord, OddsRecord, ParsedFile, RowError, TeamStatsRecord } from "./types";

/** football-data.co.uk gives every kick-off in UK local time, whatever the league. */
const UK = "Europe/London";
const CLOSING_LEAD_MS = 5 * 60_000;

/** Column prefix -> bookmaker key. "P" is Pinnacle's prefix in the totals and Asian-handicap columns. */
const BOOKMAKERS: Record<string, string> = {
  B365: "bet365",
  BW: "bwin",
  BF: "betfair",
  PS: "pinnacle",
  P: "pinnacle",
  WH: "williamhill",
  "1XB": "1xbet",
  IW: "interwetten",
  VC: "betvictor",
  LB: "ladbrokes",
  Max: "market_max",
  Avg: "market_avg",
  BFE: "betfair_exchange",
};

interface OddsColumn {
  column: string;
  bookmaker: string;
  market: OddsRecord["market"];
  selection: OddsRecord["selection"];
  closing: boolean;
}

/** Every odds column of the header this importer understands. */
function oddsColumns(header: string[]): OddsColumn[] {
  const present = new Set(header);
  const out: OddsColumn[] = [];
  for (const [code, bookmaker] of Object.entries(BOOKMAKERS)) {
    for (const closing of [false, true]) {
      const c = closing ? "C" : "";
      const candidates: Array<[string, OddsRecord["market"], OddsRecord["selection"]]> = [
        [`${code}${c}H`, "h2h", "home"],
        [`${code}${c}D`, "h2h", "draw"],
        [`${code}${c}A`, "h2h", "away"],
        [`${code}${c}>2.5`, "totals", "over"],
        [`${code}${c}<2.5`, "totals", "under"],
        [`${code}${c}AHH`, "spreads", "home"],
        [`${code}${c}AHA`, "spreads", "away"],
      ];
      for (const [column, market, selection] of candidates)
        if (present.has(column)) out.push({ column, bookmaker, market, selection, closing });
    }
  }
  return out;
}

/**
 * Pre-match odds are collected on Friday afternoon for weekend games (Fri-Mon) and on Tuesday
 * afternoon for midweek games (Tue-Thu): 15:00 UK time on the latest such day on or before the
 * match day. When that is not before the closing snapshot (a Friday lunchtime or Tuesday
 * afternoon kick-off), the previous collection day is used.
 */
export function preMatchObservedAt(localDate: string, kickoffAt: Date): Date {
  const wd = weekday(localDate);
  const weekend = wd === 5 || wd === 6 || wd === 0 || wd === 1;
  const back = weekend ? (wd + 2) % 7 : wd - 2;
  const at = zonedTimeToUtc(addDays(localDate, -back), "15:00", UK);
  if (at.getTime() < kickoffAt.getTime() - CLOSING_LEAD_MS) return at;
  return zonedTimeToUtc(addDays(localDate, -back - (weekend ? 3 : 4)), "15:00", UK);
}

/** Team match statistics columns, home then away (football-data.co.uk's notes.txt). */
const STAT_COLUMNS: Array<[keyof TeamStatsRecord, string, string]> = [
  ["shots", "HS", "AS"],
  ["shotsOnTarget", "HST", "AST"],
  ["corners", "HC", "AC"],
  ["fouls", "HF", "AF"],
  ["yellowCards", "HY", "AY"],
  ["redCards", "HR", "AR"],
];

/** Both sides' statistics, null when the row has none of the columns filled. */
function teamStats(get: (c: string) => string): [TeamStatsRecord, TeamStatsRecord] | null {
  const sides = [{}, {}] as [Record<string, number | null>, Record<string, number | null>];
  let any = false;
  for (const [field, ...columns] of STAT_COLUMNS)
    columns.forEach((column, s) => {
      const cell = get(column);
      if (cell !== "" && !/^\d+$/.test(cell))
        throw new Error(`invalid ${column} "${cell}" (expected a count)`);
      sides[s][field] = cell === "" ? null : Number(cell);
      any ||= cell !== "";
    });
  return any ? (sides as unknown as [TeamStatsRecord, TeamStatsRecord]) : null;
}

const isNumber = (s: string) => /^-?\d+(\.\d+)?$/.test(s);

/** Season name from the first match date: August-December starts "yyyy/yy+1". */
export function seasonOf(date: string): string {
  const [y, m] = date.split("-").map(Number);
  const start = m >= 7 ? y : y - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, "0")}`;
}

function parseRow(get: (c: string) => string, columns: OddsColumn[], where: string): MatchRecord {
  const league = leagueByDiv(get("Div"));
  const d = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})$/.exec(get("Date"));
  if (!d) throw new Error(`invalid Date "${get("Date")}" (expected dd/mm/yyyy)`);
  const ukDate = `${d[3].length === 2 ? `20${d[3]}` : d[3]}-${d[2]}-${d[1]}`;
  if (!isValidDate(ukDate)) throw new Error(`invalid Date "${get("Date")}" (no such day)`);
  const timeKnown = get("Time") !== "";
  const time = get("Time") || "15:00";
  if (!/^\d{1,2}:\d{2}$/.test(time)) throw new Error(`invalid Time "${time}" (expected HH:MM)`);
  const home = get("HomeTeam") || get("HT");
  const away = get("AwayTeam") || get("AT");
  if (!home || !away) throw new Error("missing HomeTeam or AwayTeam");
  const goals = (h: string, a: string, what: string): [number, number] | null => {
    const [x, y] = [get(h), get(a)];
    if (x === "" && y === "") return null;
    const bad = !/^\d+$/.test(x) ? h : !/^\d+$/.test(y) ? a : null;
    if (bad === null) return [Number(x), Number(y)];
    get(bad); // the row error's column is the one read last
    throw new Error(`invalid ${what} "${x}"-"${y}" (${h}/${a})`);
  };
  const score = goals("FTHG", "FTAG", "full-time score");
  const halftime = goals("HTHG", "HTAG", "half-time score");
  const kickoffAt = zonedTimeToUtc(ukDate, time, UK);
  // The contest's identity uses the league's own calendar day, as openfootball gives it.
  const localDate = league ? localDateIn(kickoffAt, league.timeZone) : ukDate;
  const snapshots = {
    pre: preMatchObservedAt(ukDate, kickoffAt),
    closing: new Date(kickoffAt.getTime() - CLOSING_LEAD_MS),
  };
  const lines = { pre: get("AHh"), closing: get("AHCh") };
  for (const l of Object.values(lines))
    if (l !== "" && !isNumber(l)) throw new Error(`invalid Asian handicap line "${l}"`);
  const odds: OddsRecord[] = [];
  for (const col of columns) {
    const cell = get(col.column);
    // Empty, and "0" (seen in real files: D1 2024/25 line 295, P>2.5), both mean "no price".
    if (cell === "" || /^0+(\.0+)?$/.test(cell)) continue;
    const price = Number(cell);
    if (!isNumber(cell) || price <= 1) throw new Error(`invalid price "${cell}" in column ${col.column}`);
    let line: number | null = null;
    if (col.market === "totals") line = 2.5;
    if (col.market === "spreads") {
      const ah = col.closing ? lines.closing : lines.pre;
      if (ah === "")
        throw new Error(`column ${col.column} has a price but ${col.closing ? "AHCh" : "AHh"} has no line`);
      // AHh is the home side's handicap; the away side gets its negation.
      line = (col.selection === "home" ? 1 : -1) * Number(ah) || 0;
    }
    odds.push({
      bookmaker: col.bookmaker,
      market: col.market,
      selection: col.selection,
      line,
      price,
      observedAt: col.closing ? snapshots.closing : snapshots.pre,
      isClosing: col.closing,
    });
  }
  return {
    where,
    localDate,
    kickoffAt,
    timeKnown,
    round: "",
    roundKnown: false,
    stage: "Regular Season",
    home: { name: home, country: null },
    away: { name: away, country: null },
    status: score ? "finished" : "scheduled",
    score,
    halftime,
    detail: null,
    decidedBy: null,
    odds,
    fullTime: score,
    referee: get("Referee") || null,
    teamStats: teamStats(get),
  };
}

/** The file has no rounds: estimate "Matchday N" from each club's count of games so far. */
function estimateRounds(records: MatchRecord[]): void {
  const played = new Map<string, number>();
  for (const r of [...records].sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime())) {
    const n = Math.max(played.get(r.home.name) ?? 0, played.get(r.away.name) ?? 0) + 1;
    played.set(r.home.name, (played.get(r.home.name) ?? 0) + 1);
    played.set(r.away.name, (played.get(r.away.name) ?? 0) + 1);
    r.round = `Matchday ${n}`;
  }
}

export function parseFootballData(text: string): ParsedFile {
  const rows = parseCsv(text);
  const header = rows.shift()?.cells.map((h) => h.trim()) ?? [];
  const index = new Map(header.map((h, i) => [h, i]));
  if (!index.has("Date") || !(index.has("HomeTeam") || index.has("HT"))) {
    throw new Error("not a football-data.co.uk CSV: the header needs Date, HomeTeam and AwayTeam columns");
  }
  const columns = oddsColumns(header);
  const records: MatchRecord[] = [];
  const errors: RowError[] = [];
  let division = "";
  for (const row of rows) {
    if (row.cells.every((c) => c.trim() === "")) continue;
    const where = `line ${row.line}`;
    let read = "";
    const get = (c: string) => {
      read = c;
      return (row.cells[index.get(c) ?? -1] ?? "").trim();
    };
    try {
      // Trailing empty cells beyond the header are harmless (some seasons' files have them).
      const extra = row.cells.slice(header.length);
      if (row.cells.length < header.length || extra.some((c) => c.trim() !== "")) {
        throw new Error(`has ${row.cells.length} fields, the header has ${header.length}`);
      }
      records.push(parseRow(get, columns, where));
      division ||= get("Div");
    } catch (err) {
      errors.push({
        where: at(where, index, read),
        message: err instanceof Error ? err.message : String(err),
      });
    }
  }
  estimateRounds(records);
  const league = leagueByDiv(division);
  const first = records.map((r) => r.localDate).sort()[0];
  return {
    format: "football-data",
    competition: {
      name: league?.name ?? (division ? `Division ${division}` : "Imported league"),
      country: league?.country ?? null,
      format: "league",
      code: league?.code ?? null,
      tier: league?.tier ?? null,
    },
    edition: first ? seasonOf(first) : "unknown",
    records,
    errors,
    notes: [],
  };
}
