import { addDays, zonedTimeToUtc } from "../sports/time";

/**
 * The generator's "now". Status (finished vs scheduled) and which odds snapshots exist are
 * decided against this fixed instant, never the wall clock, so every run produces the same rows.
 */
export const REFERENCE_DATE = new Date("2026-11-21T12:00:00.000Z");

/** createdAt of generated rows (fixed for the same reason). */
export const SEED_CREATED_AT = new Date("2026-11-01T00:00:00.000Z");

/** Two football seasons: the first finished, the second about a third played at REFERENCE_DATE. */
export const FOOTBALL_SEASONS = [
  { name: "2025/26", firstSaturday: "2025-08-16" },
  { name: "2026/27", firstSaturday: "2026-08-15" },
];

/** Two tennis years; the last tournament of 2026 is in progress at REFERENCE_DATE. */
export const TENNIS_SEASONS = [
  { name: "2025", lastMonday: "2025-11-17" },
  { name: "2026", lastMonday: "2026-11-16" },
];

export const TIMEZONES: Record<string, string> = {
  England: "Europe/London",
  Spain: "Europe/Madrid",
  Norway: "Europe/Oslo",
  France: "Europe/Paris",
  Germany: "Europe/Berlin",
  Italy: "Europe/Rome",
  Portugal: "Europe/Lisbon",
};

// Weeks without a league round (international breaks) and weeks with an extra midweek round.
const BREAK_WEEKS = new Set([3, 8, 13, 31]);
const MIDWEEK_WEEKS = new Set([16, 19, 20, 24]);

export interface RoundSlot {
  /** Saturday of a weekend round, or the Tuesday of a midweek round. */
  date: string;
  midweek: boolean;
}

/** Dates of a 38-round (or `rounds`) season starting on `firstSaturday`. */
export function roundSlots(firstSaturday: string, rounds: number): RoundSlot[] {
  const slots: RoundSlot[] = [];
  for (let week = 0; slots.length < rounds; week++) {
    const saturday = addDays(firstSaturday, week * 7);
    if (!BREAK_WEEKS.has(week)) slots.push({ date: saturday, midweek: false });
    if (MIDWEEK_WEEKS.has(week) && slots.length < rounds)
      slots.push({ date: addDays(saturday, 3), midweek: true });
  }
  return slots;
}

// Kick-off slots of a 10-game round, as (day offset from the slot date, local time).
const WEEKEND: Array<[number, string]> = [
  [-1, "20:00"],
  [0, "12:30"],
  [0, "15:00"],
  [0, "15:00"],
  [0, "15:00"],
  [0, "17:30"],
  [1, "14:00"],
  [1, "14:00"],
  [1, "16:30"],
  [2, "20:00"],
];
const MIDWEEK: Array<[number, string]> = [
  [0, "19:30"],
  [0, "19:45"],
  [0, "19:45"],
  [0, "20:00"],
  [0, "20:00"],
  [1, "19:30"],
  [1, "19:45"],
  [1, "19:45"],
  [1, "20:00"],
  [1, "20:00"],
];

/** UTC kick-off of game `index` of a round; rounds with more than 10 games reuse the slots. */
export function kickoff(slot: RoundSlot, index: number, timeZone: string): Date {
  const table = slot.midweek ? MIDWEEK : WEEKEND;
  const [offset, time] = table[index % table.length];
  return zonedTimeToUtc(addDays(slot.date, offset), time, timeZone);
}

/**
 * Instants at which the simulated feed polls a book: 09:00 UTC six, three and one day before the
 * kick-off date. Every contest of a day shares them, so many points share observedAt.
 */
export function footballPollTimes(kickoffAt: Date): Date[] {
  const day = kickoffAt.toISOString().slice(0, 10);
  return [6, 3, 1].map((d) => new Date(`${addDays(day, -d)}T09:00:00.000Z`));
}

export const CLOSING_LEAD_MS = 5 * 60_000;
