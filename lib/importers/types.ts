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
  status: "finished" | "scheduled" | "live";
  score: [number, number] | null;
  halftime: [number, number] | null;
  /** e.g. "a.e.t.; pens 4-3" */
  detail: string | null;
  /** Winner decided beyond the score (penalties): "home" | "away". */
  decidedBy: "home" | "away" | null;
  odds: OddsRecord[];
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
  skipped: number;
  errors: RowError[];
  notes: string[];
}
