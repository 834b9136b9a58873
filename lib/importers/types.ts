/** What a source file says about one match, before it meets the database. */
export interface MatchRecord {
  /** "line 12" (CSV) or "match 7" (JSON), for messages. */
  where: string;
  /** yyyy-mm-dd in the competition's local time; part of the contest's identity. */
  localDate: string;
  kickoffAt: Date;
  /** False when the source gave no kick-off time: an existing contest keeps its own. */
  timeKnown: boolean;
  round: string;
  /** False when the source has no rounds and `round` is an estimate: then it is set only on create. */
  roundKnown: boolean;
  stage: string;
  home: { name: string; country: string | null };
  away: { name: string; country: string | null };
  status: "finished" | "scheduled" | "live" | "postponed" | "cancelled";
  score: [number, number] | null;
  halftime: [number, number] | null;
  /** e.g. "a.e.t.; pens 4-3" */
  detail: string | null;
  /** Winner decided beyond the score (penalties): "home" | "away". */
  decidedBy: "home" | "away" | null;
  odds: OddsRecord[];
  /** Football score detail: after 90 minutes, after extra time, the shoot-out (openfootball ft, et, p). */
  fullTime?: [number, number] | null;
  extraTime?: [number, number] | null;
  penalties?: [number, number] | null;
  /** The referee as the source names them. */
  referee?: string | null;
  /** The stadium as the source names it (openfootball's `ground`). */
  venue?: string | null;
  /** Home and away team match statistics (football-data.co.uk's HS, HST, HC, HF, HY, HR and away). */
  teamStats?: [TeamStatsRecord, TeamStatsRecord] | null;
  /** Goals as the source lists them; `side` is the side credited (an own goal's beneficiary). */
  goals?: GoalRecord[];
}

export interface TeamStatsRecord {
  shots: number | null;
  shotsOnTarget: number | null;
  corners: number | null;
  fouls: number | null;
  yellowCards: number | null;
  redCards: number | null;
}

export interface GoalRecord {
  side: 0 | 1;
  name: string;
  minute: number;
  addedTime: number | null;
  penalty: boolean;
  ownGoal: boolean;
}

export interface OddsRecord {
  bookmaker: string;
  market: "h2h" | "totals" | "spreads";
  selection: "home" | "draw" | "away" | "over" | "under";
  line: number | null;
  price: number;
  observedAt: Date;
  isClosing: boolean;
  /** Individual sports: the player the selection backs. */
  personId?: number | null;
}

export interface RowError {
  where: string;
  message: string;
}

export interface ParsedFile {
  format: "football-data" | "openfootball";
  competition: {
    name: string;
    country: string | null;
    format: string;
    /** League code from lib/sports/leagues.ts when the source's code is known ("de.1"). */
    code: string | null;
    tier: number | null;
  };
  edition: string;
  records: MatchRecord[];
  errors: RowError[];
  notes: string[];
}

export interface ImportSummary {
  file: string;
  format: ParsedFile["format"] | "tennis-data" | "adjustments";
  competition: string;
  edition: string;
  contests: { imported: number; updated: number; unchanged: number };
  odds: { imported: number; updated: number; unchanged: number };
  teamsCreated: number;
  personsCreated: number;
  standingsChanged: number;
  /** Match events, team match statistics and player match stats written (football files). */
  details?: {
    events: { created: number; updated: number; deleted: number };
    statistics: number;
    personStats: number;
  };
  skipped: number;
  errors: RowError[];
  notes: string[];
}
