/**
 * League-table arithmetic, free of the database so it can be reasoned about (and tested) alone.
 * The rule set (lib/sports/rules.ts) gives the points system and the ordered tie-breakers; points
 * include the operator's adjustments (deductions are negative). Teams level on everything are
 * ordered by name, standing in for the regulation's play-off or drawing of lots.
 */
import { ruleSet, type Criterion, type HeadToHeadStat, type RuleId, type RuleSet, type Stat } from "./rules";

export interface TableMatch {
  home: number;
  away: number;
  homeGoals: number;
  awayGoals: number;
  /** Kick-off in ms, for the form column and the split. */
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
  /** Match points plus `adjustment`. */
  points: number;
  adjustment: number;
  /** Last five results, newest last ("WWDLW"). */
  form: string;
}

export interface TableOptions {
  /** Points added (awarded) or removed (deducted) per team. */
  adjustments?: Map<number, number>;
  /** Contests of the table still to be played, as [home, away]; decides `whenPlayed`/`whenComplete`. */
  pending?: Array<[number, number]>;
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
  adjustment: number;
  opponents: number[];
  results: Array<[number, string]>;
}

function tally(teamIds: Iterable<number>, matches: TableMatch[], adjustments?: Map<number, number>) {
  const acc = new Map<number, Acc>();
  for (const teamId of teamIds)
    acc.set(teamId, {
      teamId,
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      gf: 0,
      ga: 0,
      awayGf: 0,
      awayWins: 0,
      adjustment: adjustments?.get(teamId) ?? 0,
      opponents: [],
      results: [],
    });
  for (const m of matches) {
    const home = acc.get(m.home);
    const away = acc.get(m.away);
    if (!home || !away) continue;
    const sides: Array<[Acc, Acc, number, number, boolean]> = [
      [home, away, m.homeGoals, m.awayGoals, false],
      [away, home, m.awayGoals, m.homeGoals, true],
    ];
    for (const [a, opponent, gf, ga, isAway] of sides) {
      a.played++;
      a.gf += gf;
      a.ga += ga;
      a.opponents.push(opponent.teamId);
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

class Ranker {
  private readonly acc: Map<number, Acc>;
  private readonly complete: boolean;
  private readonly pendingPairs: Set<string>;

  constructor(
    private readonly rule: RuleSet,
    teamIds: Iterable<number>,
    private readonly matches: TableMatch[],
    private readonly names: Map<number, string>,
    opts: TableOptions,
  ) {
    this.acc = tally(teamIds, matches, opts.adjustments);
    this.complete = !opts.pending?.length;
    this.pendingPairs = new Set((opts.pending ?? []).flatMap(([h, a]) => [`${h}-${a}`, `${a}-${h}`]));
  }

  matchPoints = (a: Acc) => a.won * this.rule.points.win + a.drawn * this.rule.points.draw;
  points = (a: Acc) => this.matchPoints(a) + a.adjustment;

  private overallKey(stat: Stat): Key {
    const sumOpp = (f: Key) => (a: Acc) => a.opponents.reduce((s, id) => s + f(this.acc.get(id)!), 0);
    const keys: Record<Stat, Key> = {
      goalDifference: (a) => a.gf - a.ga,
      goalsFor: (a) => a.gf,
      awayGoalsFor: (a) => a.awayGf,
      wins: (a) => a.won,
      awayWins: (a) => a.awayWins,
      fewerPointsDropped: (a) => this.matchPoints(a) - a.played * this.rule.points.win,
      opponentsPoints: sumOpp(this.matchPoints),
      opponentsGoalDifference: sumOpp((a) => a.gf - a.ga),
      opponentsGoalsFor: sumOpp((a) => a.gf),
    };
    return keys[stat];
  }

  private byName = (x: Acc, y: Acc) =>
    (this.names.get(x.teamId) ?? "").localeCompare(this.names.get(y.teamId) ?? "") || x.teamId - y.teamId;

  /** Splits `group` into runs that are equal on `keys`, best first. */
  private partition(group: Acc[], keys: Key[], subject: (a: Acc) => Acc = (a) => a): Acc[][] {
    const cmp = (x: Acc, y: Acc) => {
      for (const k of keys) {
        const d = k(subject(y)) - k(subject(x));
        if (d) return d;
      }
      return 0;
    };
    const sorted = [...group].sort((x, y) => cmp(x, y) || this.byName(x, y));
    const runs: Acc[][] = [];
    for (const a of sorted) {
      const last = runs[runs.length - 1];
      if (last && cmp(last[0], a) === 0) last.push(a);
      else runs.push([a]);
    }
    return runs;
  }

  /** Orders a group of teams level on everything before criterion `i`. */
  rank(group: Acc[], i: number): Acc[] {
    if (group.length <= 1) return group;
    const c = this.rule.criteria[i];
    if (!c) return [...group].sort(this.byName);
    if (c.scope === "overall") {
      if (c.whenComplete && !this.complete) return this.rank(group, i + 1);
      return this.partition(group, [this.overallKey(c.stat)]).flatMap((run) => this.rank(run, i + 1));
    }
    if ((c.onlyTwo && group.length !== 2) || (c.whenPlayed && !this.allPlayed(group)))
      return this.rank(group, i + 1);
    return this.headToHead(group, c, i);
  }

  private allPlayed(group: Acc[]): boolean {
    return group.every((x) =>
      group.every((y) => x === y || !this.pendingPairs.has(`${x.teamId}-${y.teamId}`)),
    );
  }

  private headToHead(group: Acc[], c: Extract<Criterion, { scope: "head-to-head" }>, i: number): Acc[] {
    const ids = new Set(group.map((a) => a.teamId));
    const mini = tally(
      ids,
      this.matches.filter((m) => ids.has(m.home) && ids.has(m.away)),
    );
    const h2hKeys: Record<HeadToHeadStat, Key> = {
      points: this.matchPoints,
      goalDifference: (a) => a.gf - a.ga,
      goalsFor: (a) => a.gf,
      awayGoalsFor: (a) => a.awayGf,
    };
    const runs = this.partition(
      group,
      c.stats.map((s) => h2hKeys[s]),
      (a) => mini.get(a.teamId)!,
    );
    if (runs.length === 1) return this.rank(group, i + 1);
    return runs.flatMap((run) =>
      run.length > 1 && c.recursive ? this.headToHead(run, c, i) : this.rank(run, i + 1),
    );
  }

  /** Points first, then the criteria; with a split, the top half after the first phase stays on top. */
  order(): Acc[] {
    const all = [...this.acc.values()];
    const byPoints = (group: Acc[]) =>
      this.partition(group, [this.points]).flatMap((run) => this.rank(run, 0));
    const split = this.rule.split;
    if (split && all.length > split.topSize && all.every((a) => a.played >= split.afterGames)) {
      const firstPhase = new Ranker(
        { ...this.rule, split: undefined },
        this.acc.keys(),
        this.firstGames(split.afterGames),
        this.names,
        {
          adjustments: new Map(all.map((a) => [a.teamId, a.adjustment])),
        },
      );
      const top = new Set(
        firstPhase
          .order()
          .slice(0, split.topSize)
          .map((a) => a.teamId),
      );
      return [
        ...byPoints(all.filter((a) => top.has(a.teamId))),
        ...byPoints(all.filter((a) => !top.has(a.teamId))),
      ];
    }
    return byPoints(all);
  }

  /** The matches in which both teams had played fewer than `n` games before. */
  private firstGames(n: number): TableMatch[] {
    const count = new Map<number, number>();
    return [...this.matches]
      .sort((p, q) => p.at - q.at)
      .filter((m) => {
        const [h, a] = [count.get(m.home) ?? 0, count.get(m.away) ?? 0];
        count.set(m.home, h + 1);
        count.set(m.away, a + 1);
        return h < n && a < n;
      });
  }
}

/** Orders teams by the rule set; `names` gives the deterministic last resort. */
export function computeTable(
  teamIds: Iterable<number>,
  matches: TableMatch[],
  rule: RuleSet | RuleId,
  names: Map<number, string>,
  opts: TableOptions = {},
): TableRow[] {
  const ranker = new Ranker(typeof rule === "string" ? ruleSet(rule) : rule, teamIds, matches, names, opts);
  return ranker.order().map((a, i) => ({
    teamId: a.teamId,
    position: i + 1,
    played: a.played,
    won: a.won,
    drawn: a.drawn,
    lost: a.lost,
    goalsFor: a.gf,
    goalsAgainst: a.ga,
    goalDifference: a.gf - a.ga,
    points: ranker.points(a),
    adjustment: a.adjustment,
    form: a.results
      .sort((p, q) => p[0] - q[0])
      .slice(-5)
      .map(([, r]) => r)
      .join(""),
  }));
}
