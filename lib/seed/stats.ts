import type { Rng } from "./rng";
import type { RowSink } from "./tables";

export type Position = "Goalkeeper" | "Defender" | "Midfielder" | "Forward";

export interface SquadPlayer {
  personId: number;
  name: string;
  shirt: number;
  position: Position;
  /** 0.5 .. 1.5; better players start more often and score more. */
  quality: number;
}

const FORMATIONS: Array<[number, number, number]> = [
  [4, 3, 3],
  [4, 4, 2],
  [3, 4, 3],
  [4, 2, 4],
];
const SCORING: Record<Position, number> = { Goalkeeper: 0.01, Defender: 0.8, Midfielder: 2.2, Forward: 5 };
const ASSISTING: Record<Position, number> = { Goalkeeper: 0.1, Defender: 1.5, Midfielder: 4, Forward: 2.5 };
const SHOTS: Record<Position, number> = { Goalkeeper: 0, Defender: 0.45, Midfielder: 1.1, Forward: 2.1 };
const BOOKING: Record<Position, number> = {
  Goalkeeper: 0.03,
  Defender: 0.16,
  Midfielder: 0.13,
  Forward: 0.08,
};

function sample(rng: Rng, players: SquadPlayer[], n: number): SquadPlayer[] {
  const pool = [...players];
  const out: SquadPlayer[] = [];
  while (out.length < n && pool.length)
    out.push(pool.splice(rng.weighted(pool.map((p) => p.quality ** 3)), 1)[0]);
  return out;
}

/** What one side did in a contest, for its events, lineup and team statistics (match-centre.ts). */
export interface MatchSheet {
  formation: string;
  starters: SquadPlayer[];
  /** The rest of the matchday squad, used substitutes first. */
  bench: SquadPlayer[];
  subs: Array<{ off: SquadPlayer; on: SquadPlayer; minute: number }>;
  /** Minutes on the pitch: [from, to]. */
  window: Map<SquadPlayer, [number, number]>;
  goals: Array<{ scorer: SquadPlayer; assist: SquadPlayer | null }>;
  booked: SquadPlayer[];
  shots: number;
}

/** Substitutes named on a matchday team sheet. */
const BENCH = 9;

/**
 * Person statistics of one team in one finished contest, consistent with its score: the team's
 * goals are shared among its players on the pitch, every assist belongs to a different team-mate,
 * shots are never fewer than goals. "minutes" is written for everyone who played (it marks an
 * appearance); goals, assists, shots and yellow_cards only when non-zero. Returns the sheet the
 * events, lineup and team statistics are drawn from, so they add up to the same figures.
 */
export function footballMatchStats(
  rng: Rng,
  sink: RowSink,
  contestId: number,
  teamId: number,
  squad: SquadPlayer[],
  goals: number,
): MatchSheet {
  const byPos = (pos: Position) => squad.filter((p) => p.position === pos);
  const [d, m, f] = rng.pick(FORMATIONS);
  const keepers = byPos("Goalkeeper").sort((a, b) => b.quality - a.quality);
  const starters = [
    ...(keepers.length > 1 && rng.chance(0.1) ? [keepers[1]] : keepers.slice(0, 1)),
    ...sample(rng, byPos("Defender"), d),
    ...sample(rng, byPos("Midfielder"), m),
    ...sample(rng, byPos("Forward"), f),
  ];
  const minutes = new Map<SquadPlayer, number>(starters.map((p) => [p, 90]));
  const window = new Map<SquadPlayer, [number, number]>(starters.map((p) => [p, [1, 90]]));
  const bench = squad.filter((p) => !minutes.has(p) && p.position !== "Goalkeeper");
  const outfield = starters.filter((p) => p.position !== "Goalkeeper");
  const subs: MatchSheet["subs"] = [];
  for (const sub of sample(rng, bench, 3)) {
    const off = outfield.splice(rng.int(0, outfield.length - 1), 1)[0];
    const minute = rng.int(55, 88);
    minutes.set(off, minute);
    minutes.set(sub, 90 - minute);
    window.set(off, [1, minute]);
    window.set(sub, [minute + 1, 90]);
    subs.push({ off, on: sub, minute });
  }
  const played = [...minutes.keys()];
  const tally = new Map<SquadPlayer, { goals: number; assists: number }>(
    played.map((p) => [p, { goals: 0, assists: 0 }]),
  );
  const weightOf = (table: Record<Position, number>) =>
    played.map((p) => table[p.position] * p.quality * (minutes.get(p)! / 90));
  const scored: MatchSheet["goals"] = [];
  for (let g = 0; g < goals; g++) {
    const scorer = played[rng.weighted(weightOf(SCORING))];
    tally.get(scorer)!.goals++;
    let assist: SquadPlayer | null = null;
    if (rng.chance(0.72)) {
      const weights = weightOf(ASSISTING).map((w, i) => (played[i] === scorer ? 0 : w));
      assist = played[rng.weighted(weights)];
      tally.get(assist)!.assists++;
    }
    scored.push({ scorer, assist });
  }
  const booked: SquadPlayer[] = [];
  let teamShots = 0;
  for (const p of played) {
    const mins = minutes.get(p)!;
    const t = tally.get(p)!;
    const shots = Math.max(t.goals, rng.poisson(SHOTS[p.position] * p.quality * (mins / 90)));
    const yellow = rng.chance(BOOKING[p.position] * (mins / 90)) ? 1 : 0;
    const stat = (name: string, value: number) =>
      sink.add("person_contest_stats", {
        id: sink.id("person_contest_stats"),
        contestId,
        personId: p.personId,
        teamId,
        stat: name,
        value,
      });
    stat("minutes", mins);
    if (t.goals) stat("goals", t.goals);
    if (t.assists) stat("assists", t.assists);
    if (shots) stat("shots", shots);
    if (yellow) stat("yellow_cards", yellow);
    if (yellow) booked.push(p);
    teamShots += shots;
  }
  const used = subs.map((x) => x.on);
  const unused = squad.filter((p) => !minutes.has(p));
  return {
    formation: `${d}-${m}-${f}`,
    starters,
    bench: [
      ...used,
      ...unused.filter((p) => p.position === "Goalkeeper").slice(0, 1),
      ...unused.filter((p) => p.position !== "Goalkeeper"),
    ].slice(0, BENCH),
    subs,
    window,
    goals: scored,
    booked,
    shots: teamShots,
  };
}
