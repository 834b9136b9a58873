/**
 * The international results set (martj42/international_results, CC0): results.csv, goalscorers.csv,
 * shootouts.csv and former_names.csv in one folder, read by header name. A match has no id in the
 * files: it is `(date, home_team, away_team)`; a key that occurs twice becomes two matches, the
 * second keyed `…#2` (reported). Goals and shoot-outs join their match by that key; a shoot-out
 * whose match is missing is reported and skipped.
 */
import fs from "node:fs";
import path from "node:path";
import { parseCsv } from "../csv";
import { ImportError } from "../errors";
import type { RowError } from "../types";

export const INTERNATIONAL_FILES = ["results.csv", "goalscorers.csv", "shootouts.csv", "former_names.csv"];

export interface IntlGoal {
  /** The side the goal counted for (an own goal's beneficiary). */
  side: 0 | 1;
  scorer: string;
  /** null when the file has NA; stoppage time is recorded as 90 (or 120). */
  minute: number | null;
  ownGoal: boolean;
  penalty: boolean;
}

export interface IntlMatch {
  /** "1974-02-17/Tahiti/New Caledonia", "#2" appended for a repeated key. */
  key: string;
  /** Line in results.csv: the file order within a date. */
  seq: number;
  date: string;
  home: string;
  away: string;
  score: [number, number];
  tournament: string;
  city: string;
  country: string;
  neutral: boolean;
  goals: IntlGoal[];
  /** The shoot-out's winner and first shooter ("home" | "away"; first null when not recorded). */
  shootout: { winner: "home" | "away"; first: "home" | "away" | null } | null;
}

export interface FormerName {
  current: string;
  former: string;
  start: string;
  end: string;
}

export interface ParsedInternational {
  format: "international";
  matches: IntlMatch[];
  formerNames: FormerName[];
  errors: RowError[];
  notes: string[];
  /** Goal rows read (for the summary). */
  goalRows: number;
  shootoutRows: number;
}

type Row = Record<string, string>;

function readTable(dir: string, file: string, needed: string[]): Array<{ line: number; row: Row }> {
  const full = path.join(dir, file);
  if (!fs.existsSync(full)) throw new ImportError(`${file} is missing from ${dir}`);
  const [head, ...rows] = parseCsv(fs.readFileSync(full, "utf8"));
  const header = head?.cells.map((h) => h.trim()) ?? [];
  const missing = needed.filter((n) => !header.includes(n));
  if (missing.length) throw new ImportError(`${file}: missing column(s) ${missing.join(", ")}`);
  return rows
    .filter((r) => r.cells.some((c) => c !== ""))
    .map((r) => ({ line: r.line, row: Object.fromEntries(header.map((h, i) => [h, r.cells[i] ?? ""])) }));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const baseKey = (r: Row) => `${r.date}/${r.home_team}/${r.away_team}`;
const bool = (v: string) => v.trim().toUpperCase() === "TRUE";

/** True when `dir` holds the set (results.csv and goalscorers.csv at least). */
export function isInternationalFolder(dir: string): boolean {
  return ["results.csv", "goalscorers.csv"].every((f) => fs.existsSync(path.join(dir, f)));
}

export function parseInternational(dir: string): ParsedInternational {
  const errors: RowError[] = [];
  const notes: string[] = [];
  const matches: IntlMatch[] = [];
  const byKey = new Map<string, IntlMatch>();
  const results = readTable(dir, "results.csv", [
    "date",
    "home_team",
    "away_team",
    "home_score",
    "away_score",
    "tournament",
    "neutral",
  ]);
  for (const { line, row } of results) {
    const where = `results.csv line ${line}`;
    const hs = Number(row.home_score);
    const as = Number(row.away_score);
    if (!DATE.test(row.date) || !row.home_team || !row.away_team) {
      errors.push({ where, message: "needs a yyyy-mm-dd date and both teams" });
      continue;
    }
    if (row.home_score === "" || row.away_score === "" || !Number.isInteger(hs) || !Number.isInteger(as)) {
      errors.push({
        where,
        message: `no result (${row.home_score}-${row.away_score}): not a finished match`,
      });
      continue;
    }
    const base = baseKey(row);
    let key = base;
    for (let n = 2; byKey.has(key); n++) key = `${base}#${n}`;
    if (key !== base)
      notes.push(
        `${where}: ${row.date} ${row.home_team} v ${row.away_team} occurs again (${byKey.get(base)!.score.join("-")} and ${hs}-${as}); imported as two contests`,
      );
    const m: IntlMatch = {
      key,
      seq: line,
      date: row.date,
      home: row.home_team,
      away: row.away_team,
      score: [hs, as],
      tournament: row.tournament.trim() || "Friendly",
      city: row.city ?? "",
      country: row.country ?? "",
      neutral: bool(row.neutral),
      goals: [],
      shootout: null,
    };
    byKey.set(key, m);
    matches.push(m);
  }
  const goals = readTable(dir, "goalscorers.csv", ["date", "home_team", "away_team", "team", "scorer"]);
  for (const { line, row } of goals) {
    const m = byKey.get(baseKey(row));
    const side = m ? (row.team === m.home ? 0 : row.team === m.away ? 1 : null) : null;
    if (!m || side === null) {
      errors.push({
        where: `goalscorers.csv line ${line}`,
        message: m ? `team "${row.team}" is not a side` : "no such match",
      });
      continue;
    }
    const minute = /^\d+$/.test(row.minute ?? "") ? Number(row.minute) : null;
    m.goals.push({
      side,
      scorer: row.scorer.trim(),
      minute,
      ownGoal: bool(row.own_goal),
      penalty: bool(row.penalty),
    });
  }
  const shootouts = fs.existsSync(path.join(dir, "shootouts.csv"))
    ? readTable(dir, "shootouts.csv", ["date", "home_team", "away_team", "winner"])
    : [];
  for (const { line, row } of shootouts) {
    const m = byKey.get(baseKey(row));
    const sideOf = (t: string) => (m && t === m.home ? "home" : m && t === m.away ? "away" : null);
    const winner = sideOf(row.winner);
    if (!m || !winner) {
      notes.push(
        `shootouts.csv line ${line}: ${row.date} ${row.home_team} v ${row.away_team} ${m ? `winner "${row.winner}" is not a side` : "has no match in results.csv"}; skipped`,
      );
      continue;
    }
    m.shootout = { winner, first: sideOf(row.first_shooter ?? "") };
  }
  const formerNames = fs.existsSync(path.join(dir, "former_names.csv"))
    ? readTable(dir, "former_names.csv", ["current", "former", "start_date", "end_date"]).map(({ row }) => ({
        current: row.current,
        former: row.former,
        start: row.start_date,
        end: row.end_date,
      }))
    : [];
  return {
    format: "international",
    matches,
    formerNames,
    errors,
    notes,
    goalRows: goals.length,
    shootoutRows: shootouts.length,
  };
}

/** The name a team played under on `date` (yyyy-mm-dd), when former_names.csv gives one. */
export function nameAt(formerNames: FormerName[], team: string, date: string): string | null {
  for (const f of formerNames) if (f.current === team && f.start <= date && date <= f.end) return f.former;
  return null;
}
