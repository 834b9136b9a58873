/**
 * The leagues Statline knows by their sources' codes: openfootball's file codes ("de.1",
 * "uefa.cl") and football-data.co.uk's `Div` ("D1"). One competition per league, whichever source
 * arrives first (`Competition.code`), with its country, tier, local time zone and rule set.
 */
import { slugify } from "./normalize";
import type { RuleId } from "./rules";

export interface League {
  /** openfootball's code, also `Competition.code`. */
  code: string;
  name: string;
  slug: string;
  country: string | null;
  tier: number | null;
  timeZone: string;
  /** football-data.co.uk `Div` codes. */
  footballData: string[];
  /** Rule sets by first edition ("2025/26"); the first entry without `from` is the default. */
  rules: Array<{ from?: string; id: RuleId }>;
  format: "league" | "league_knockout";
}

type Row = [
  code: string,
  name: string,
  country: string | null,
  tz: string,
  fd: string[],
  rules?: League["rules"],
];

const PL: League["rules"] = [{ id: "premier-league" }];
const ROWS: Row[] = [
  ["en.1", "English Premier League", "England", "Europe/London", ["E0"], PL],
  ["en.2", "English Championship", "England", "Europe/London", ["E1"]],
  ["en.3", "English League One", "England", "Europe/London", ["E2"]],
  ["en.4", "English League Two", "England", "Europe/London", ["E3"]],
  ["en.5", "English National League", "England", "Europe/London", ["EC"]],
  ["sco.1", "Scottish Premiership", "Scotland", "Europe/London", ["SC0"], [{ id: "scottish-premiership" }]],
  ["sco.2", "Scottish Championship", "Scotland", "Europe/London", ["SC1"]],
  ["de.1", "Bundesliga", "Germany", "Europe/Berlin", ["D1"], [{ id: "bundesliga" }]],
  ["de.2", "2. Bundesliga", "Germany", "Europe/Berlin", ["D2"], [{ id: "bundesliga" }]],
  ["es.1", "La Liga", "Spain", "Europe/Madrid", ["SP1"], [{ id: "la-liga" }]],
  ["es.2", "Segunda División", "Spain", "Europe/Madrid", ["SP2"], [{ id: "la-liga" }]],
  ["it.1", "Serie A", "Italy", "Europe/Rome", ["I1"], [{ id: "serie-a" }]],
  ["it.2", "Serie B", "Italy", "Europe/Rome", ["I2"]],
  [
    "fr.1",
    "Ligue 1",
    "France",
    "Europe/Paris",
    ["F1"],
    [{ from: "2025/26", id: "ligue-1-2025" }, { id: "ligue-1" }],
  ],
  [
    "fr.2",
    "Ligue 2",
    "France",
    "Europe/Paris",
    ["F2"],
    [{ from: "2025/26", id: "ligue-1-2025" }, { id: "ligue-1" }],
  ],
  ["nl.1", "Eredivisie", "Netherlands", "Europe/Amsterdam", ["N1"], [{ id: "eredivisie" }]],
  ["pt.1", "Primeira Liga", "Portugal", "Europe/Lisbon", ["P1"], [{ id: "primeira-liga" }]],
  ["be.1", "Belgian Pro League", "Belgium", "Europe/Brussels", ["B1"]],
  ["tr.1", "Süper Lig", "Türkiye", "Europe/Istanbul", ["T1"]],
  ["gr.1", "Super League Greece", "Greece", "Europe/Athens", ["G1"]],
  ["at.1", "Austrian Bundesliga", "Austria", "Europe/Vienna", []],
  ["ch.1", "Swiss Super League", "Switzerland", "Europe/Zurich", []],
  ["br.1", "Brasileiro Série A", "Brazil", "America/Sao_Paulo", [], [{ id: "brasileirao" }]],
  ["ar.1", "Argentine Primera División", "Argentina", "America/Argentina/Buenos_Aires", []],
  ["mx.1", "Liga MX", "Mexico", "America/Mexico_City", []],
  ["us.1", "Major League Soccer", "United States", "America/New_York", []],
  ["uefa.cl", "UEFA Champions League", null, "Europe/Paris", [], [{ id: "uefa-league-phase" }]],
  ["uefa.el", "UEFA Europa League", null, "Europe/Paris", [], [{ id: "uefa-league-phase" }]],
  ["uefa.conf", "UEFA Conference League", null, "Europe/Paris", [], [{ id: "uefa-league-phase" }]],
];

export const LEAGUES: League[] = ROWS.map(([code, name, country, timeZone, footballData, rules]) => ({
  code,
  name,
  slug: slugify(name),
  country,
  tier: /\.(\d+)$/.exec(code) ? Number(/\.(\d+)$/.exec(code)![1]) : null,
  timeZone,
  footballData,
  rules: rules ?? PL,
  format: code.startsWith("uefa.") ? "league_knockout" : "league",
}));

const byCode = new Map(LEAGUES.map((l) => [l.code, l]));
const byDiv = new Map(LEAGUES.flatMap((l) => l.footballData.map((d) => [d, l] as const)));

export const leagueByCode = (code: string | null | undefined) =>
  code ? byCode.get(code.toLowerCase()) : undefined;
export const leagueByDiv = (div: string) => byDiv.get(div);

/** "2024/25" -> 2024, "2025" -> 2025; NaN when the name has no year. */
const startYear = (edition: string) => Number(/^(\d{4})/.exec(edition)?.[1] ?? NaN);

/** The rule set for an edition of a league: the newest entry whose `from` is not after it. */
export function leagueRules(league: League, edition: string): RuleId {
  const year = startYear(edition);
  const dated = league.rules.find((r) => r.from && !Number.isNaN(year) && startYear(r.from) <= year);
  return (dated ?? league.rules.find((r) => !r.from) ?? PL[0]).id;
}

/**
 * The rule set of a table: the league's (by competition code), else the stage's or country's
 * historical default (UEFA league phase, Brazil wins-first), else the Premier League's.
 */
export function rulesFor(
  comp: { code: string | null; country: string | null },
  edition: string,
  stage: string,
): RuleId {
  if (stage === "League phase") return "uefa-league-phase";
  const league = leagueByCode(comp.code);
  if (league) return leagueRules(league, edition);
  if (comp.country === "Brazil") return "brasileirao";
  return "premier-league";
}

/**
 * How many contests an edition of a league should have: its rules' matches per team (the Scottish
 * Premiership's 38 with 12 clubs, split after 33 rounds), else a double round robin, N·(N−1).
 * null for a cup, a tournament or an individual sport, whose size the results cannot tell.
 */
export function expectedContests(
  comp: { format: string; kind: string; code: string | null },
  teams: number,
): number | null {
  if (comp.format !== "league" || comp.kind !== "team" || teams < 2) return null;
  const perTeam = comp.code ? MATCHES_PER_TEAM[comp.code] : undefined;
  return perTeam ? (teams * perTeam) / 2 : teams * (teams - 1);
}

/** Leagues whose season is not a plain double round robin. */
const MATCHES_PER_TEAM: Record<string, number> = { "sco.1": 38 };
