/**
 * Competition rule registry: the points system and the ordered tie-breakers of each league's
 * regulations. Points (including operator adjustments) always rank first; `criteria` say what
 * separates teams level on points. Sources are cited in docs/data.md ("Tie-break rules").
 *
 * A head-to-head criterion builds a mini-league of the matches among the teams still level and
 * compares the listed stats there. With `recursive`, teams a mini-league leaves level among
 * themselves (a smaller group) get a new mini-league of their own matches, as Serie A's
 * "classifica avulsa" and UEFA's group rules do; a group it cannot split moves to the next
 * criterion. The regulations' last steps (play-off, drawing of lots, fair play, club
 * coefficient) have no data here: the team name stands in and the rule set says so.
 */

/** What a criterion compares; "more is better" except where the name says fewer. */
export type Stat =
  | "goalDifference"
  | "goalsFor"
  | "awayGoalsFor"
  | "wins"
  | "awayWins"
  /** Points a team could have had but did not (3 x played - points): fewer is better. */
  | "fewerPointsDropped"
  /** UEFA league phase: the sums over a team's opponents. */
  | "opponentsPoints"
  | "opponentsGoalDifference"
  | "opponentsGoalsFor";

export type HeadToHeadStat = "points" | "goalDifference" | "goalsFor" | "awayGoalsFor";

export type Criterion =
  | {
      scope: "overall";
      stat: Stat;
      /** Applied only once every contest of the table has been played (UEFA j-criteria from matchday 8). */
      whenComplete?: boolean;
    }
  | {
      scope: "head-to-head";
      stats: HeadToHeadStat[];
      recursive?: boolean;
      /** Skipped while a match among the level teams is still to be played (La Liga, Bundesliga). */
      whenPlayed?: boolean;
      /** Only when exactly two teams are level (Brasileirão "confronto direto"). */
      onlyTwo?: boolean;
    };

export interface RuleSet {
  id: RuleId;
  name: string;
  points: { win: number; draw: number; loss: number };
  criteria: Criterion[];
  /** Scottish Premiership: after `afterGames` each, the top `topSize` stay above the rest. */
  split?: { afterGames: number; topSize: number };
  /** The regulation's final step(s), which Statline replaces by the team name. */
  lastResort: string;
  /** Where the rules come from (docs/data.md cites each). */
  source: string;
}

export const RULE_IDS = [
  "premier-league",
  "bundesliga",
  "la-liga",
  "serie-a",
  "ligue-1",
  "ligue-1-2025",
  "eredivisie",
  "primeira-liga",
  "scottish-premiership",
  "brasileirao",
  "uefa-league-phase",
] as const;
export type RuleId = (typeof RULE_IDS)[number];

const POINTS_3_1_0 = { win: 3, draw: 1, loss: 0 };
const overall = (stat: Stat, whenComplete?: boolean): Criterion => ({ scope: "overall", stat, whenComplete });

const RULES: Record<RuleId, Omit<RuleSet, "id">> = {
  "premier-league": {
    name: "Premier League",
    points: POINTS_3_1_0,
    criteria: [
      overall("goalDifference"),
      overall("goalsFor"),
      { scope: "head-to-head", stats: ["points", "awayGoalsFor"] },
    ],
    lastResort: "play-off (title, UEFA places, relegation)",
    source: "Premier League Handbook 2024/25, Section C, Rule C.17",
  },
  bundesliga: {
    name: "Bundesliga",
    points: POINTS_3_1_0,
    criteria: [
      overall("goalDifference"),
      overall("goalsFor"),
      // "Gesamtergebnis aus Hin- und Rückspiel": the aggregate score of the two meetings.
      { scope: "head-to-head", stats: ["goalDifference", "awayGoalsFor"], whenPlayed: true },
      overall("awayGoalsFor"),
    ],
    lastResort: "play-off on neutral ground (shared place during the season)",
    source: "DFL Spielordnung (SpOL) § 5 Nr. 3: Tordifferenz, Tore, direkter Vergleich, Auswärtstore",
  },
  "la-liga": {
    name: "LaLiga",
    points: POINTS_3_1_0,
    criteria: [
      { scope: "head-to-head", stats: ["points", "goalDifference"], whenPlayed: true },
      overall("goalDifference"),
      overall("goalsFor"),
    ],
    lastResort: "fair-play table",
    source: "RFEF Reglamento General, art. 201 (LaLiga competition rules)",
  },
  "serie-a": {
    name: "Serie A",
    points: POINTS_3_1_0,
    criteria: [
      { scope: "head-to-head", stats: ["points", "goalDifference"], recursive: true },
      overall("goalDifference"),
      overall("goalsFor"),
    ],
    lastResort: "drawing of lots (play-off for the title and 17th/18th place since 2022/23)",
    source:
      "Lega Serie A, Comunicato Ufficiale on 2022/23 ranking criteria; NOIF art. 51 (classifica avulsa)",
  },
  "ligue-1": {
    name: "Ligue 1 (2023/24-2024/25)",
    points: POINTS_3_1_0,
    criteria: [
      overall("goalDifference"),
      { scope: "head-to-head", stats: ["points", "goalDifference", "goalsFor", "awayGoalsFor"] },
      overall("goalsFor"),
      overall("awayGoalsFor"),
    ],
    lastResort: "disciplinary table",
    source: "LFP Règlement des compétitions 2023/24, art. 518 ter",
  },
  "ligue-1-2025": {
    name: "Ligue 1 (from 2025/26)",
    points: POINTS_3_1_0,
    criteria: [
      overall("goalDifference"),
      { scope: "head-to-head", stats: ["points", "goalDifference"] },
      overall("goalsFor"),
      overall("wins"),
      overall("awayWins"),
    ],
    lastResort: "disciplinary table, then drawing of lots",
    source: "LFP Règlement des compétitions 2025/26 (away-goal criteria removed, wins added)",
  },
  eredivisie: {
    name: "Eredivisie",
    points: POINTS_3_1_0,
    criteria: [
      overall("fewerPointsDropped"),
      overall("goalDifference"),
      overall("goalsFor"),
      { scope: "head-to-head", stats: ["points", "goalDifference"] },
    ],
    lastResort: "deciding match (beslissingswedstrijd)",
    source: "KNVB Reglement Betaald Voetbal 2024/25, ranglijst (wedstrijdpunten, verliespunten, doelsaldo)",
  },
  "primeira-liga": {
    name: "Liga Portugal",
    points: POINTS_3_1_0,
    criteria: [
      { scope: "head-to-head", stats: ["points", "goalDifference"], recursive: true },
      overall("goalDifference"),
      overall("wins"),
      overall("goalsFor"),
    ],
    lastResort: "play-off between two clubs / fair play",
    source: "Regulamento das Competições organizadas pela Liga Portugal, art. 17 (since 2021/22)",
  },
  "scottish-premiership": {
    name: "Scottish Premiership",
    points: POINTS_3_1_0,
    criteria: [overall("goalDifference"), overall("goalsFor")],
    split: { afterGames: 33, topSize: 6 },
    lastResort: "play-off where it matters",
    source: "SPFL Rules C35-C37 (equality of points) and C14-C18 (the split after 33 matches)",
  },
  brasileirao: {
    name: "Brasileirão",
    points: POINTS_3_1_0,
    criteria: [
      overall("wins"),
      overall("goalDifference"),
      overall("goalsFor"),
      { scope: "head-to-head", stats: ["points", "goalDifference"], onlyTwo: true },
    ],
    lastResort: "fewer red cards, fewer yellow cards, drawing of lots",
    source: "CBF Regulamento Específico da Competição Série A 2025, art. 15",
  },
  "uefa-league-phase": {
    name: "UEFA league phase",
    points: POINTS_3_1_0,
    criteria: [
      overall("goalDifference"),
      overall("goalsFor"),
      overall("awayGoalsFor"),
      overall("wins"),
      overall("awayWins"),
      overall("opponentsPoints", true),
      overall("opponentsGoalDifference", true),
      overall("opponentsGoalsFor", true),
    ],
    lastResort: "disciplinary points, club coefficient",
    source: "UEFA Champions League Regulations 2024/25, art. 18.01 (criteria f-h from matchday 8)",
  },
};

export function isRuleId(id: string): id is RuleId {
  return (RULE_IDS as readonly string[]).includes(id);
}

export function ruleSet(id: RuleId): RuleSet {
  return { id, ...RULES[id] };
}

export function allRuleSets(): RuleSet[] {
  return RULE_IDS.map(ruleSet);
}
