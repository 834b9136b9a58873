import path from "node:path";
import { leagueByCode } from "../sports/leagues";
import { isValidDate, zonedTimeToUtc } from "../sports/time";
import { parseGoals, scoreOf } from "./openfootball-match";
import { fileTimeZone, timeOffset, unknownZone } from "./time-zones";
import type { MatchRecord, ParsedFile, RowError } from "./types";

/** Country codes in team names such as "Aston Villa FC (ENG)". */
const COUNTRIES: Record<string, string> = {
  ENG: "England",
  SCO: "Scotland",
  ESP: "Spain",
  GER: "Germany",
  ITA: "Italy",
  FRA: "France",
  POR: "Portugal",
  NED: "Netherlands",
  BEL: "Belgium",
  SUI: "Switzerland",
  AUT: "Austria",
  CRO: "Croatia",
  CZE: "Czechia",
  SRB: "Serbia",
  SVK: "Slovakia",
  UKR: "Ukraine",
  MCO: "Monaco",
  TUR: "Türkiye",
  GRE: "Greece",
  DEN: "Denmark",
};

/** "League, Matchday 1" -> stage "League phase", round "Matchday 1"; a plain "Matchday 1" is a league round. */
const STAGES: Record<string, string> = {
  League: "League phase",
  Playoffs: "Knockout play-offs",
  Finals: "Knockout",
};

function stageAndRound(round: string): [string, string] {
  const comma = round.indexOf(", ");
  if (comma < 0) return [/^Group \w+$/i.test(round) ? round : "Regular Season", round];
  const prefix = round.slice(0, comma);
  return [STAGES[prefix] ?? prefix, round.slice(comma + 2)];
}

function team(raw: unknown, field: string): { name: string; country: string | null } {
  // The rounds layout gives teams as { name, code }.
  if (raw && typeof raw === "object" && "name" in raw) raw = (raw as { name: unknown }).name;
  if (typeof raw !== "string" || !raw.trim()) throw new Error(`${field} must be a team name`);
  const m = /^(.*\S)\s+\(([A-Z]{3})\)$/.exec(raw.trim());
  return m ? { name: m[1], country: COUNTRIES[m[2]] ?? m[2] } : { name: raw.trim(), country: null };
}

/** The kick-off instant: a time with its own offset ("13:00 UTC-6") wins over the file's zone. */
function kickoff(date: string, raw: string, timeZone: string): Date {
  const { time, offsetMinutes } = timeOffset(raw);
  if (offsetMinutes === null) return zonedTimeToUtc(date, time, timeZone);
  const [y, mo, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return new Date(Date.UTC(y, mo - 1, d, hh, mm) - offsetMinutes * 60_000);
}

const TIME = /^\d{1,2}:\d{2}(\s*(UTC|GMT)\s*[+-]\d{1,2}(:?\d{2})?)?$/;

function parseMatch(m: unknown, where: string, timeZone: string): MatchRecord {
  if (!m || typeof m !== "object") throw new Error("is not an object");
  const o = m as Record<string, unknown>;
  if (typeof o.round !== "string" || !o.round.trim()) throw new Error("round is missing");
  if (typeof o.date !== "string" || !isValidDate(o.date)) {
    throw new Error(`invalid date ${JSON.stringify(o.date)} (expected yyyy-mm-dd)`);
  }
  const timeKnown = o.time !== undefined;
  const time = timeKnown ? o.time : "12:00";
  if (typeof time !== "string" || !TIME.test(time.trim()))
    throw new Error(`invalid time ${JSON.stringify(o.time)} (expected HH:MM)`);
  const home = team(o.team1, "team1");
  const away = team(o.team2, "team2");
  const { ft, ht, et, p: pens } = scoreOf(o);
  const final = et ?? ft;
  const [roundStage, round] = stageAndRound(o.round.trim());
  // World Cup group matches: { round: "Matchday 12", group: "Group F" }.
  const stage =
    typeof o.group === "string" && /^Group \w+$/i.test(o.group.trim()) ? o.group.trim() : roundStage;
  const detail = [et && "a.e.t.", pens && `pens ${pens[0]}-${pens[1]}`].filter(Boolean).join("; ") || null;
  return {
    where,
    localDate: o.date,
    kickoffAt: kickoff(o.date, time, timeZone),
    timeKnown,
    round,
    roundKnown: true,
    stage,
    home,
    away,
    status: final ? "finished" : "scheduled",
    score: final,
    halftime: final ? ht : null,
    detail,
    decidedBy: pens && pens[0] !== pens[1] ? (pens[0] > pens[1] ? "home" : "away") : null,
    odds: [],
    fullTime: ft,
    extraTime: et,
    penalties: pens,
    goals: final ? parseGoals(o) : [],
    // The World Cup files' "ground": "Al Bayt Stadium, Al Khor".
    venue: typeof o.ground === "string" && o.ground.trim() ? o.ground.trim() : null,
  };
}

/** rounds[].matches[] -> one matches list, each match given its round's name unless it has its own. */
function flattenRounds(rounds: unknown[]): unknown[] {
  return rounds.flatMap((r) => {
    const round = (r ?? {}) as { name?: unknown; matches?: unknown };
    if (!Array.isArray(round.matches)) return [];
    return round.matches.map((m: unknown) =>
      m && typeof m === "object" && !("round" in m) ? { ...m, round: round.name } : m,
    );
  });
}

/**
 * League code and season from openfootball's two layouts: the repository's `2023-24/en.1.json`
 * (and `2025/br.1.json`) and flat copies named `2024-25_en.1.json`.
 */
export function fileCode(file: string): { code: string; season: string | null } {
  const base = path.basename(file).replace(/\.json$/i, "");
  const seasonOf = (s: string) => {
    const m = /^(\d{4})(?:[-_/](\d{2}|\d{4}))?$/.exec(s);
    return m ? (m[2] ? `${m[1]}/${m[2].slice(-2)}` : m[1]) : null;
  };
  const flat = /^(\d{4}(?:-\d{2,4})?)_(.+)$/.exec(base);
  if (flat) return { code: flat[2].toLowerCase(), season: seasonOf(flat[1]) };
  return { code: base.toLowerCase(), season: seasonOf(path.basename(path.dirname(file))) };
}

/**
 * `{ name, matches: [{ round, date, time, team1, team2, score: { ht, ft, et?, p? }, goals1?, goals2? }] }`
 * (`score: {}` = not played), or the rounds layout `{ name, rounds: [{ name, matches: [...] }] }`
 * whose matches take their round from the enclosing round and give teams as `{ name, code }`.
 */
export function parseOpenFootball(text: string, file: string, timeZoneOverride?: string): ParsedFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`not valid JSON: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const root = data as { name?: unknown; matches?: unknown; rounds?: unknown };
  const matches = root && Array.isArray(root.rounds) ? flattenRounds(root.rounds) : root?.matches;
  if (!root || typeof root.name !== "string" || !Array.isArray(matches)) {
    throw new Error(
      'not an openfootball file: expected { "name": ..., "matches": [...] } or { "name": ..., "rounds": [...] }',
    );
  }
  const { code, season: seasonFromPath } = fileCode(file);
  const league = leagueByCode(code);
  const season = /(\d{4}(?:\/\d{2,4})?)\s*$/.exec(root.name)?.[1] ?? seasonFromPath ?? "unknown";
  const zone = timeZoneOverride ?? fileTimeZone(code, season);
  // Times local to an unknown zone are refused rather than read as UTC; times with an offset are not.
  const local = (m: unknown) => {
    const t = (m as { time?: unknown } | null)?.time;
    return typeof t === "string" && timeOffset(t).offsetMinutes === null;
  };
  if (!zone && matches.some(local)) throw unknownZone(code, season === "unknown" ? null : season);
  const timeZone = zone ?? "UTC";
  const notes: string[] = [];
  try {
    new Intl.DateTimeFormat("en", { timeZone });
  } catch {
    throw new Error(`unknown time zone "${timeZone}" (use an IANA name such as Europe/London)`);
  }
  const records: MatchRecord[] = [];
  const errors: RowError[] = [];
  matches.forEach((m: unknown, i: number) => {
    const where = `match ${i + 1} (${Array.isArray(root.rounds) ? "rounds" : "matches"}[${i}])`;
    try {
      records.push(parseMatch(m, where, timeZone));
    } catch (err) {
      errors.push({ where, message: err instanceof Error ? err.message : String(err) });
    }
  });
  // A tournament with group stages: the matches outside the groups are its knockout rounds.
  if (records.some((r) => r.stage.startsWith("Group")))
    for (const r of records) if (r.stage === "Regular Season") r.stage = "Knockout";
  const knockout = records.some((r) => r.stage !== "Regular Season" && !r.stage.startsWith("Group"));
  return {
    format: "openfootball",
    competition: {
      name: league?.name ?? root.name.replace(/\s+\d{4}(\/\d{2,4})?\s*$/, "").trim(),
      country: league?.country ?? null,
      format: knockout ? "league_knockout" : "league",
      code: league?.code ?? null,
      tier: league?.tier ?? null,
    },
    edition: season,
    records,
    errors,
    notes,
  };
}
