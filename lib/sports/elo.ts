/**
 * The World Football Elo method (eloratings.net) with Statline's defaults: every team starts at
 * 1500; after a match Rn = Ro + K·G·(W − We), We = 1 / (10^(−dr/400) + 1) with dr the rating
 * difference plus 100 for the home side when the venue is not neutral; W = 1, 0.5 or 0 (a match
 * settled by a shoot-out counts as a draw); G = 1 for a goal difference of 0 or 1, 1.5 for 2,
 * (11 + N)/8 for N ≥ 3; K by tournament (kFactor). Ratings are kept unrounded.
 */
export const ELO_START = 1500;
export const HOME_ADVANTAGE = 100;

const K50 = new Set([
  "UEFA Euro",
  "Copa América",
  "African Cup of Nations",
  "AFC Asian Cup",
  "Gold Cup",
  "CONCACAF Championship",
  "Oceania Nations Cup",
  "Confederations Cup",
]);

/** K: 60 World Cup; 50 continental championships; 40 qualifiers and Nations Leagues; 20 friendlies; 30 others. */
export function kFactor(tournament: string): number {
  if (tournament === "FIFA World Cup") return 60;
  if (K50.has(tournament)) return 50;
  if (
    / qualification$/.test(tournament) ||
    tournament === "UEFA Nations League" ||
    tournament === "CONCACAF Nations League"
  )
    return 40;
  if (tournament === "Friendly") return 20;
  return 30;
}

export function goalFactor(diff: number): number {
  const n = Math.abs(diff);
  return n <= 1 ? 1 : n === 2 ? 1.5 : (11 + n) / 8;
}

export interface EloMatch {
  home: number;
  away: number;
  homeScore: number;
  awayScore: number;
  tournament: string;
  neutral: boolean;
  /** Settled by a shoot-out: rated as a draw. */
  shootout: boolean;
}

export interface EloResult {
  /** Home, away: rating before, after, and the expected result. */
  before: [number, number];
  after: [number, number];
  expected: [number, number];
}

/** Rates one match, updating `ratings` (team -> rating) in place. */
export function rate(ratings: Map<number, number>, m: EloMatch): EloResult {
  const rh = ratings.get(m.home) ?? ELO_START;
  const ra = ratings.get(m.away) ?? ELO_START;
  const dr = rh - ra + (m.neutral ? 0 : HOME_ADVANTAGE);
  const we = 1 / (10 ** (-dr / 400) + 1);
  const diff = m.homeScore - m.awayScore;
  const w = m.shootout || diff === 0 ? 0.5 : diff > 0 ? 1 : 0;
  const change = kFactor(m.tournament) * goalFactor(diff) * (w - we);
  const after: [number, number] = [rh + change, ra - change];
  ratings.set(m.home, after[0]);
  ratings.set(m.away, after[1]);
  return { before: [rh, ra], after, expected: [we, 1 - we] };
}
