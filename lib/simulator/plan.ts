/**
 * The simulator's script for one contest: a deterministic list of steps (minute offset from
 * kick-off, the contest's state after it, new odds) drawn from a seeded RNG, so the same seed
 * plays the same match. Pure: lib/simulator/run.ts writes the steps.
 */
import type { Rng } from "../seed/rng";
import { outcomesOf } from "../sports/outcome";

export interface SimSide {
  side: "home" | "away";
  teamId: number | null;
  personId: number | null;
}

export interface SimContest {
  id: number;
  editionId: number;
  competitionId: number;
  externalRef: string;
  round: string;
  stage: string;
  kickoffAt: Date;
  venue: string | null;
  sport: "football" | "tennis";
  sides: [SimSide, SimSide];
  /** Bookmaker -> selection -> last known h2h price. */
  prices: Map<string, Map<string, number>>;
}

export interface SimScore {
  score: number | null;
  halftimeScore: number | null;
  scoreDetail: string | null;
  outcome: string | null;
}

export interface SimOdds {
  bookmaker: string;
  selection: string;
  price: number;
  isClosing: boolean;
}

export interface SimStep {
  minute: number;
  kind: "odds" | "kickoff" | "goal" | "halftime" | "set" | "final";
  status: "scheduled" | "live" | "finished";
  scores: [SimScore, SimScore];
  odds: SimOdds[];
}

const DEFAULT_BOOKS = ["pinnacle", "bet365"];
const round2 = (n: number) => Math.min(101, Math.max(1.01, Math.round(n * 100) / 100));

/** Implied probabilities of the selections, from the first bookmaker's prices or a default. */
function basis(c: SimContest): Map<string, number> {
  const sels = c.sport === "football" ? ["home", "draw", "away"] : ["home", "away"];
  const first = [...c.prices.values()][0];
  const raw = sels.map((s) => 1 / (first?.get(s) ?? (s === "draw" ? 3.3 : 2.6)));
  const sum = raw.reduce((a, b) => a + b, 0);
  return new Map(sels.map((s, i) => [s, raw[i] / sum]));
}

/** Prices for a lead `lead` (home minus away) with `left` of the contest to play (1 .. 0). */
function priced(
  c: SimContest,
  base: Map<string, number>,
  lead: number,
  left: number,
  rng: Rng,
  closing = false,
) {
  const weight = 1 + (1 - left) * 3;
  const p = new Map<string, number>();
  for (const [s, b] of base) {
    const tilt = s === "home" ? lead : s === "away" ? -lead : -Math.abs(lead) * 0.6;
    p.set(s, b * Math.exp(weight * 0.9 * tilt) * (s === "draw" ? 1 + (1 - left) : 1));
  }
  const sum = [...p.values()].reduce((a, b) => a + b, 0);
  const books = c.prices.size ? [...c.prices.keys()].slice(0, 3) : DEFAULT_BOOKS;
  const out: SimOdds[] = [];
  for (const bookmaker of books)
    for (const [selection, q] of p)
      out.push({
        bookmaker,
        selection,
        price: round2((1 / ((q / sum) * 1.05)) * Math.exp(rng.normal(0, 0.02))),
        isClosing: closing,
      });
  return out;
}

const blank = (): SimScore => ({ score: null, halftimeScore: null, scoreDetail: null, outcome: null });
const copy = (s: [SimScore, SimScore]): [SimScore, SimScore] => [{ ...s[0] }, { ...s[1] }];

function outcomes(s: [SimScore, SimScore]) {
  [s[0].outcome, s[1].outcome] = outcomesOf(s[0].score ?? 0, s[1].score ?? 0, null);
}

export function planContest(c: SimContest, rng: Rng): SimStep[] {
  const base = basis(c);
  const steps: SimStep[] = [];
  let scores: [SimScore, SimScore] = [blank(), blank()];
  const push: Push = (minute, kind, status, odds = []) =>
    steps.push({ minute, kind, status, scores: copy(scores), odds });
  // Odds move before play: an hour out, half an hour out, and the closing book.
  push(-60, "odds", "scheduled", priced(c, base, 0, 1, rng));
  push(-30, "odds", "scheduled", priced(c, base, 0, 1, rng));
  push(-5, "odds", "scheduled", priced(c, base, 0, 1, rng, true));
  scores = [
    { ...blank(), score: 0 },
    { ...blank(), score: 0 },
  ];
  push(0, "kickoff", "live");
  return (c.sport === "football" ? playFootball : playTennis)(c, rng, base, scores, push, steps);
}

type Push = (minute: number, kind: SimStep["kind"], status: SimStep["status"], odds?: SimOdds[]) => void;

/** Goals from a Poisson draw per side (stronger side by the opening prices scores more). */
function playFootball(
  c: SimContest,
  rng: Rng,
  base: Map<string, number>,
  scores: [SimScore, SimScore],
  push: Push,
  steps: SimStep[],
): SimStep[] {
  const ratio = base.get("home")! / base.get("away")!;
  const goals = [
    ...Array.from({ length: rng.poisson(1.5 * ratio ** 0.3) }, () => 0 as const),
    ...Array.from({ length: rng.poisson(1.2 / ratio ** 0.3) }, () => 1 as const),
  ].map((side) => ({ minute: rng.int(1, 90), goal: side as 0 | 1 | null, half: false }));
  const moments = [
    ...goals,
    ...[15, 30, 60, 75].map((minute) => ({ minute, goal: null, half: false })),
    { minute: 45, goal: null, half: true },
  ].sort((a, b) => a.minute - b.minute || (a.goal === null ? 1 : 0) - (b.goal === null ? 1 : 0));
  const lead = () => (scores[0].score ?? 0) - (scores[1].score ?? 0);
  for (const m of moments) {
    if (m.half) {
      scores[0].halftimeScore = scores[0].score;
      scores[1].halftimeScore = scores[1].score;
      push(45, "halftime", "live");
    } else if (m.goal !== null) {
      scores[m.goal].score = (scores[m.goal].score ?? 0) + 1;
      push(m.minute, "goal", "live", priced(c, base, lead(), (90 - m.minute) / 90, rng));
    } else push(m.minute, "odds", "live", priced(c, base, lead(), (90 - m.minute) / 90, rng));
  }
  outcomes(scores);
  push(90 + rng.int(1, 5), "final", "finished");
  return steps;
}

/** Best of three sets, one set every 40 minutes; score is sets won, score_detail the games. */
function playTennis(
  c: SimContest,
  rng: Rng,
  base: Map<string, number>,
  scores: [SimScore, SimScore],
  push: Push,
  steps: SimStep[],
): SimStep[] {
  const sets: Array<[number, number]> = [];
  const pHome = base.get("home")!;
  while (Math.max(scores[0].score!, scores[1].score!) < 2) {
    const homeWins = rng.next() < pHome;
    const loser = rng.pick([0, 1, 2, 3, 4, 5, 6]);
    const games: [number, number] = loser === 6 ? [7, 6] : loser === 5 ? [7, 5] : [6, loser];
    sets.push(homeWins ? games : [games[1], games[0]]);
    scores[homeWins ? 0 : 1].score! += 1;
    scores[0].scoreDetail = sets.map(([h, a]) => `${h}-${a}`).join(" ");
    scores[1].scoreDetail = sets.map(([h, a]) => `${a}-${h}`).join(" ");
    const minute = sets.length * 40;
    const done = Math.max(scores[0].score!, scores[1].score!) === 2;
    if (done) {
      scores[0].outcome = scores[0].score! > scores[1].score! ? "win" : "loss";
      scores[1].outcome = scores[0].outcome === "win" ? "loss" : "win";
      push(minute, "final", "finished");
    } else {
      const lead = scores[0].score! - scores[1].score!;
      push(minute, "set", "live", priced(c, base, lead, 1 / (sets.length + 1), rng));
    }
  }
  return steps;
}
