/** What one international match becomes: derived score detail, facts, contest and side rows. */
import { outcomesOf } from "../../sports/outcome";
import type { ContestFacts, GoalFact } from "../../sports/sources";
import { nameAt, type FormerName, type IntlMatch } from "./parse";

export interface Derived {
  /** The goal list adds up to the score (a 0-0 has a complete, empty list). */
  complete: boolean;
  fullTime: [number, number] | null;
  extraTime: [number, number] | null;
  decidedBy: "extra_time" | "penalties" | null;
  outcome: [string, string];
}

/**
 * Extra time when a goal came after 90' (stoppage time is recorded as 90); the score after 90
 * minutes when the goal list is complete and every goal has its minute.
 */
export function derive(m: IntlMatch): Derived {
  const listed = [0, 1].map((s) => m.goals.filter((g) => g.side === s).length);
  const complete = listed[0] === m.score[0] && listed[1] === m.score[1];
  const timed = complete && m.goals.every((g) => g.minute !== null);
  const fullTime: [number, number] | null = timed
    ? ([0, 1].map((s) => m.goals.filter((g) => g.side === s && g.minute! <= 90).length) as [number, number])
    : null;
  const et = m.goals.some((g) => g.minute !== null && g.minute > 90);
  const [h, a] = m.score;
  const outcome: [string, string] = outcomesOf(h, a, m.shootout?.winner ?? null);
  return {
    complete,
    fullTime,
    extraTime: et ? m.score : null,
    decidedBy: m.shootout ? "penalties" : et && h !== a ? "extra_time" : null,
    outcome,
  };
}

export function factsOf(m: IntlMatch, d: Derived, teams: [number, number]): ContestFacts {
  const goals: GoalFact[] = m.goals.map((g) => [g.side, g.scorer, g.minute, g.penalty, g.ownGoal]);
  return {
    teams,
    score: m.score,
    fullTime: d.fullTime,
    extraTime: d.extraTime,
    shootoutWinner: m.shootout?.winner ?? null,
    shootoutFirst: m.shootout?.first ?? null,
    goals: d.complete || goals.length ? goals : null,
    tournament: m.tournament,
    date: m.date,
    city: m.city,
    country: m.country,
    neutral: m.neutral,
  };
}

/** Kick-off is unknown: noon UTC on the day keeps the calendar day in every zone from -11 to +11. */
export const kickoffOf = (date: string) => new Date(`${date}T12:00:00.000Z`);

/** The edition an international match belongs to: its tournament's calendar year. */
export const editionNameOf = (m: IntlMatch) => m.date.slice(0, 4);

export function sideNames(m: IntlMatch, former: FormerName[]): [string | null, string | null] {
  return [nameAt(former, m.home, m.date), nameAt(former, m.away, m.date)];
}

export function detailOf(d: Derived, m: IntlMatch): string | null {
  const parts = [
    d.extraTime && "a.e.t.",
    m.shootout && `won on penalties by ${m.shootout.winner === "home" ? m.home : m.away}`,
  ];
  return parts.filter(Boolean).join("; ") || null;
}
