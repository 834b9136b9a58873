/**
 * The data sources Statline imports, their licences, and the precedence that decides when two
 * sources describe the same match differently. Each source's facts about a contest are kept in
 * `contest_sources.facts` (what that source says, whatever the stored contest shows), so
 * `admin data conflicts` can list every disagreement whichever source was imported first.
 */

export interface SourceInfo {
  id: string;
  name: string;
  url: string;
  licence: string;
  covers: string;
}

export const SOURCES: SourceInfo[] = [
  {
    id: "openfootball",
    name: "openfootball football.json",
    url: "https://github.com/openfootball/football.json",
    licence: "Public domain (CC0)",
    covers:
      "League seasons and tournaments with kick-off times; goal lists with stoppage time for some files",
  },
  {
    id: "football-data",
    name: "football-data.co.uk",
    url: "https://www.football-data.co.uk",
    licence: "Free for use",
    covers: "League results with team match statistics, referees and bookmakers' odds",
  },
  {
    id: "tennis-data",
    name: "tennis-data.co.uk",
    url: "http://www.tennis-data.co.uk",
    licence: "Free for use",
    covers: "ATP and WTA results with rankings and odds",
  },
  {
    id: "international",
    name: "International football results 1872-",
    url: "https://github.com/martj42/international_results",
    licence: "Public domain (CC0)",
    covers:
      "Men's full internationals from 1872: results, venue city and country, neutral flag, goal lists (minute, penalty, own goal) for part of them, shoot-out winners",
  },
];

/**
 * Highest first. A source ranked higher wins every fact both give (score detail, goal list):
 * openfootball gives stoppage time (90+3) and kick-off times per match; the international set
 * records stoppage time as 90 and has no kick-off times, but covers far more matches.
 */
export const SOURCE_PRECEDENCE = ["openfootball", "football-data", "international"];

/** True when source `a` wins over source `b`. */
export const outranks = (a: string, b: string): boolean => {
  const rank = (s: string) => {
    const i = SOURCE_PRECEDENCE.indexOf(s);
    return i < 0 ? SOURCE_PRECEDENCE.length : i;
  };
  return rank(a) < rank(b);
};

/** One goal as a source gives it: side credited (0 home, 1 away), scorer, minute, penalty, own goal. */
export type GoalFact = [
  side: 0 | 1,
  scorer: string,
  minute: number | null,
  penalty: boolean,
  ownGoal: boolean,
];

/** What a source says about one contest (the fields sources can disagree on). */
export interface ContestFacts {
  /** The sides' team ids as this source orders them (home first). */
  teams?: [number, number];
  score: [number, number] | null;
  fullTime: [number, number] | null;
  extraTime: [number, number] | null;
  /** The shoot-out's winner, "home" | "away"; null without one. */
  shootoutWinner: "home" | "away" | null;
  /** null when the source has no goal list for the contest. */
  goals: GoalFact[] | null;
  /** Anything else the source keeps (tournament, venue, neutral, first shooter). */
  [extra: string]: unknown;
}

const swap = <T>(p: [T, T] | null): [T, T] | null => (p ? [p[1], p[0]] : null);

/** The facts seen from the other side (a source that names the away team first). */
export function flipped(f: ContestFacts): ContestFacts {
  return {
    ...f,
    teams: f.teams ? (swap(f.teams) as [number, number]) : undefined,
    score: swap(f.score),
    fullTime: swap(f.fullTime),
    extraTime: swap(f.extraTime),
    shootoutWinner: f.shootoutWinner === null ? null : f.shootoutWinner === "home" ? "away" : "home",
    goals: f.goals ? f.goals.map((g) => [g[0] === 0 ? 1 : 0, g[1], g[2], g[3], g[4]] as GoalFact) : null,
  };
}

export interface Disagreement {
  field: string;
  values: Record<string, string>;
}

const show = (v: unknown): string =>
  v === null || v === undefined ? "-" : Array.isArray(v) ? v.join("-") : String(v);

/** Same scorer: equal accent-free, or one is the other's trailing words ("Mbappé", "Kylian Mbappé"). */
function sameScorer(a: string, b: string, normalize: (s: string) => string): boolean {
  const x = normalize(a);
  const y = normalize(b);
  return x === y || x.endsWith(` ${y}`) || y.endsWith(` ${x}`);
}

/**
 * The fields on which two sources' facts differ. Goals are compared side by side in match order
 * (the n-th goal of a side by minute in each list), so one misplaced minute is one disagreement.
 */
export function disagreements(
  a: { source: string; facts: ContestFacts },
  b: { source: string; facts: ContestFacts },
  sideNames: [string, string],
  normalize: (s: string) => string,
): Disagreement[] {
  const out: Disagreement[] = [];
  const add = (field: string, x: unknown, y: unknown) =>
    out.push({ field, values: { [a.source]: show(x), [b.source]: show(y) } });
  for (const f of ["score", "fullTime", "extraTime", "shootoutWinner"] as const) {
    const x = a.facts[f];
    const y = b.facts[f];
    // A source that does not know a fact does not disagree about it.
    if (x === null || y === null || x === undefined || y === undefined) continue;
    if (show(x) !== show(y))
      add(
        f === "fullTime"
          ? "full_time"
          : f === "extraTime"
            ? "extra_time"
            : f === "shootoutWinner"
              ? "shootout_winner"
              : f,
        x,
        y,
      );
  }
  const ga = a.facts.goals;
  const gb = b.facts.goals;
  if (!ga || !gb) return out;
  for (const side of [0, 1] as const) {
    // In match order: sources list a side's goals by minute or by scorer.
    const inOrder = (l: GoalFact[]) =>
      l.filter((g) => g[0] === side).sort((p, q) => (p[2] ?? Infinity) - (q[2] ?? Infinity));
    const la = inOrder(ga);
    const lb = inOrder(gb);
    if (la.length !== lb.length) add(`goals of ${sideNames[side]}`, la.length, lb.length);
    for (let i = 0; i < Math.min(la.length, lb.length); i++) {
      const [x, y] = [la[i], lb[i]];
      const what = `goal ${i + 1} of ${sideNames[side]}`;
      if (!sameScorer(x[1], y[1], normalize)) add(`${what} scorer`, x[1], y[1]);
      if (x[2] !== null && y[2] !== null && x[2] !== y[2]) add(`${what} minute (${x[1]})`, x[2], y[2]);
      if (x[3] !== y[3]) add(`${what} penalty (${x[1]})`, x[3], y[3]);
      if (x[4] !== y[4]) add(`${what} own goal (${x[1]})`, x[4], y[4]);
    }
  }
  return out;
}
