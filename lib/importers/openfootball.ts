import path from "node:path";
import { isValidDate, zonedTimeToUtc } from "../sports/time";
import type { MatchRecord, ParsedFile, RowError } from "./types";

/** openfootball's league codes (from the file name, e.g. "2024-25_en.1.json") -> country and local time. */
const LEAGUES: Record<string, [string | null, string]> = {
  en: ["England", "Europe/London"], sco: ["Scotland", "Europe/London"], de: ["Germany", "Europe/Berlin"],
  es: ["Spain", "Europe/Madrid"], it: ["Italy", "Europe/Rome"], fr: ["France", "Europe/Paris"],
  nl: ["Netherlands", "Europe/Amsterdam"], pt: ["Portugal", "Europe/Lisbon"], at: ["Austria", "Europe/Vienna"],
  ch: ["Switzerland", "Europe/Zurich"], br: ["Brazil", "America/Sao_Paulo"], ar: ["Argentina", "America/Argentina/Buenos_Aires"],
  mx: ["Mexico", "America/Mexico_City"], us: ["United States", "America/New_York"], uefa: [null, "Europe/Paris"],
};

/** Country codes in team names such as "Aston Villa FC (ENG)". */
const COUNTRIES: Record<string, string> = {
  ENG: "England", SCO: "Scotland", ESP: "Spain", GER: "Germany", ITA: "Italy", FRA: "France", POR: "Portugal",
  NED: "Netherlands", BEL: "Belgium", SUI: "Switzerland", AUT: "Austria", CRO: "Croatia", CZE: "Czechia",
  SRB: "Serbia", SVK: "Slovakia", UKR: "Ukraine", MCO: "Monaco", TUR: "Türkiye", GRE: "Greece", DEN: "Denmark",
};

/** "League, Matchday 1" -> stage "League phase", round "Matchday 1"; a plain "Matchday 1" is a league round. */
const STAGES: Record<string, string> = { League: "League phase", Playoffs: "Knockout play-offs", Finals: "Knockout" };

function stageAndRound(round: string): [string, string] {
  const comma = round.indexOf(", ");
  if (comma < 0) return [/^Group \w+$/i.test(round) ? round : "Regular Season", round];
  const prefix = round.slice(0, comma);
  return [STAGES[prefix] ?? prefix, round.slice(comma + 2)];
}

function team(raw: unknown, field: string): { name: string; country: string | null } {
  if (typeof raw !== "string" || !raw.trim()) throw new Error(`${field} must be a team name`);
  const m = /^(.*\S)\s+\(([A-Z]{3})\)$/.exec(raw.trim());
  return m ? { name: m[1], country: COUNTRIES[m[2]] ?? m[2] } : { name: raw.trim(), country: null };
}

function pair(v: unknown, what: string): [number, number] | null {
  if (v === undefined) return null;
  if (!Array.isArray(v) || v.length !== 2 || !v.every((n) => Number.isInteger(n) && n >= 0)) {
    throw new Error(`score.${what} must be two non-negative integers, got ${JSON.stringify(v)}`);
  }
  return [v[0], v[1]];
}

function parseMatch(m: unknown, where: string, timeZone: string): MatchRecord {
  if (!m || typeof m !== "object") throw new Error("is not an object");
  const o = m as Record<string, unknown>;
  if (typeof o.round !== "string" || !o.round.trim()) throw new Error("round is missing");
  if (typeof o.date !== "string" || !isValidDate(o.date)) {
    throw new Error(`invalid date ${JSON.stringify(o.date)} (expected yyyy-mm-dd)`);
  }
  const time = o.time === undefined ? "12:00" : o.time;
  if (typeof time !== "string" || !/^\d{1,2}:\d{2}$/.test(time)) throw new Error(`invalid time ${JSON.stringify(o.time)} (expected HH:MM)`);
  const home = team(o.team1, "team1");
  const away = team(o.team2, "team2");
  const score = (o.score ?? {}) as Record<string, unknown>;
  if (typeof score !== "object" || Array.isArray(score)) throw new Error("score must be an object");
  const ft = pair(score.ft, "ft");
  const et = pair(score.et, "et");
  const pens = pair(score.p, "p");
  const final = et ?? ft;
  const [stage, round] = stageAndRound(o.round.trim());
  const detail = [et && "a.e.t.", pens && `pens ${pens[0]}-${pens[1]}`].filter(Boolean).join("; ") || null;
  return {
    where, localDate: o.date, kickoffAt: zonedTimeToUtc(o.date, time, timeZone), round, roundKnown: true, stage, home, away,
    status: final ? "finished" : "scheduled", score: final, halftime: final ? pair(score.ht, "ht") : null, detail,
    decidedBy: pens && pens[0] !== pens[1] ? (pens[0] > pens[1] ? "home" : "away") : null,
    odds: [],
  };
}

/** `{ name, matches: [{ round, date, time, team1, team2, score: { ht, ft, et?, p? } }] }`; `score: {}` = not played. */
export function parseOpenFootball(text: string, file: string, timeZoneOverride?: string): ParsedFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const root = data as { name?: unknown; matches?: unknown };
  if (!root || typeof root.name !== "string" || !Array.isArray(root.matches)) {
    throw new Error('not an openfootball file: expected { "name": ..., "matches": [...] }');
  }
  const base = path.basename(file);
  const code = /_([a-z]+)\.[\w.]*json$/i.exec(base)?.[1]?.toLowerCase() ?? "";
  const [country, zone] = LEAGUES[code] ?? [null, "UTC"];
  const notes = LEAGUES[code] || timeZoneOverride ? [] : [`unknown league code "${code}": kick-off times read as UTC (use --timezone)`];
  const timeZone = timeZoneOverride ?? zone;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
  } catch {
    throw new Error(`unknown time zone "${timeZone}" (use an IANA name such as Europe/London)`);
  }
  const season = /(\d{4}(?:\/\d{2,4})?)\s*$/.exec(root.name)?.[1] ?? /^(\d{4})(?:-(\d{2}))?_/.exec(base)?.slice(1).filter(Boolean).join("/") ?? "unknown";
  const records: MatchRecord[] = [];
  const errors: RowError[] = [];
  root.matches.forEach((m, i) => {
    const where = `match ${i + 1} (matches[${i}])`;
    try {
      records.push(parseMatch(m, where, timeZone));
    } catch (err) {
      errors.push({ where, message: err instanceof Error ? err.message : String(err) });
    }
  });
  const knockout = records.some((r) => r.stage !== "Regular Season" && !r.stage.startsWith("Group"));
  return {
    format: "openfootball",
    competition: { name: root.name.replace(/\s+\d{4}(\/\d{2,4})?\s*$/, "").trim(), country, format: knockout ? "league_knockout" : "league" },
    edition: season,
    records,
    errors,
    notes,
  };
}
