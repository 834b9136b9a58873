/**
 * League-table arithmetic, free of the database so it can be reasoned about (and tested) alone.
 *
 * Win 3, draw 1, loss 0. Tie-break rule sets:
 * - "premier-league" (default): points, goal difference, goals scored; teams still level are
 *   ordered by a mini-league of the matches among them: head-to-head points, then head-to-head
 *   away goals (Premier League rule C.17; the final step, a play-off, is replaced by team name).
 * - "uefa-league-phase" (stage "League phase"): points, goal difference, goals scored, away goals
 *   scored, wins, away wins (UEFA 2024/25 league-phase criteria a-f; later ones by name).
 * - "wins-first" (Brazil): points, wins, goal difference, goals scored, then head-to-head points.
 */
export type TieBreakRule = "premier-league" | "uefa-league-phase" | "wins-first";

export interface TableMatch {
  home: number;
  away: number;
  homeGoals: number;
  awayGoals: number;
  /** Kick-off in ms, for the form column. */
  at: number;
}

export interface TableRow {
  teamId: number;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
  /** Last five results, newest last ("WWDLW"). */
  form: string;
}

interface Acc {
  teamId: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  gf: number;
  ga: number;
  awayGf: number;
  awayWins: number;
  results: Array<[number, string]>;
}

const points = (a: Acc) => a.won * 3 + a.drawn;

function tally(teamIds: Iterable<number>, matches: TableMatch[]): Map<number, Acc> {
  const acc = new Map<number, Acc>();
  for (const teamId of teamIds) acc.set(teamId, { teamId, played: 0, won: 0, drawn: 0, lost: 0, gf: 0, ga: 0, awayGf: 0, awayWins: 0, results: [] });
  for (const m of matches) {
    const home = acc.get(m.home);
    const away = acc.get(m.away);
    if (!home || !away) continue;
    const sides: Array<[Acc, number, number, boolean]> = [[home, m.homeGoals, m.awayGoals, false], [away, m.awayGoals, m.homeGoals, true]];
    for (const [a, gf, ga, isAway] of sides) {
      a.played++;
      a.gf += gf;
      a.ga += ga;
      if (isAway) a.awayGf += gf;
      const r = gf > ga ? "W" : gf < ga ? "L" : "D";
      if (r === "W") {
        a.won++;
        if (isAway) a.awayWins++;
      } else if (r === "D") a.drawn++;
      else a.lost++;
      a.results.push([m.at, r]);
    }
  }
  return acc;
}

type Key = (a: Acc) => number;
const OVERALL: Record<TieBreakRule, Key[]> = {
  "premier-league": [points, (a) => a.gf - a.ga, (a) => a.gf],
  "uefa-league-phase": [points, (a) => a.gf - a.ga, (a) => a.gf, (a) => a.awayGf, (a) => a.won, (a) => a.awayWins],
  "wins-first": [points, (a) => a.won, (a) => a.gf - a.ga, (a) => a.gf],
};
const HEAD_TO_HEAD: Record<TieBreakRule, Key[]> = {
  "premier-league": [points, (a) => a.awayGf],
  "uefa-league-phase": [],
  "wins-first": [points],
};

const byKeys = (keys: Key[]) => (x: Acc, y: Acc) => {
  for (const k of keys) {
    const d = k(y) - k(x);
    if (d) return d;
  }
  return 0;
};

/** Orders teams; `names` gives the deterministic last resort. */
export function computeTable(teamIds: Iterable<number>, matches: TableMatch[], rule: TieBreakRule, names: Map<number, string>): TableRow[] {
  const acc = tally(teamIds, matches);
  const overall = byKeys(OVERALL[rule]);
  const byName = (x: Acc, y: Acc) => (names.get(x.teamId) ?? "").localeCompare(names.get(y.teamId) ?? "") || x.teamId - y.teamId;
  const sorted = [...acc.values()].sort((x, y) => overall(x, y) || byName(x, y));
  const ordered: Acc[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && overall(sorted[i], sorted[j]) === 0) j++;
    const cluster = sorted.slice(i, j);
    if (cluster.length > 1 && HEAD_TO_HEAD[rule].length) {
      const ids = new Set(cluster.map((a) => a.teamId));
      const mini = tally(ids, matches.filter((m) => ids.has(m.home) && ids.has(m.away)));
      const h2h = byKeys(HEAD_TO_HEAD[rule]);
      cluster.sort((x, y) => h2h(mini.get(x.teamId)!, mini.get(y.teamId)!) || byName(x, y));
    }
    ordered.push(...cluster);
    i = j;
  }
  return ordered.map((a, i) => ({
    teamId: a.teamId,
    position: i + 1,
    played: a.played,
    won: a.won,
    drawn: a.drawn,
    lost: a.lost,
    goalsFor: a.gf,
    goalsAgainst: a.ga,
    goalDifference: a.gf - a.ga,
    points: points(a),
    form: a.results.sort((p, q) => p[0] - q[0]).slice(-5).map(([, r]) => r).join(""),
  }));
}
