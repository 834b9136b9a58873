import { describe, expect, it } from "vitest";
import { ruleSet } from "./rules";
import { computeTable, type TableMatch } from "./table";

const names = new Map([
  [1, "Alpha"],
  [2, "Bravo"],
  [3, "Charlie"],
  [4, "Delta"],
]);
let t = 0;
const m = (home: number, away: number, homeGoals: number, awayGoals: number): TableMatch => ({
  home,
  away,
  homeGoals,
  awayGoals,
  at: ++t,
});
const order = (rows: ReturnType<typeof computeTable>) => rows.map((r) => names.get(r.teamId));

describe("league table", () => {
  it("counts 3-1-0 points, goals, difference and the last five results newest last", () => {
    const rows = computeTable(
      [1, 2],
      [m(1, 2, 2, 0), m(2, 1, 1, 1), m(1, 2, 0, 3), m(2, 1, 0, 1), m(1, 2, 4, 4), m(2, 1, 2, 0)],
      "premier-league",
      names,
    );
    const alpha = rows.find((r) => r.teamId === 1)!;
    expect(alpha).toMatchObject({
      played: 6,
      won: 2,
      drawn: 2,
      lost: 2,
      goalsFor: 8,
      goalsAgainst: 10,
      goalDifference: -2,
      points: 8,
      form: "DLWDL",
    });
    expect(rows.map((r) => r.position)).toEqual([1, 2]);
    expect(order(rows)).toEqual(["Bravo", "Alpha"]);
  });

  it("lists teams without a finished game with zeros", () => {
    expect(
      computeTable([1, 2, 3], [m(1, 2, 1, 0)], "premier-league", names).find((r) => r.teamId === 3),
    ).toMatchObject({ played: 0, points: 0, form: "" });
  });

  // Alpha and Bravo end level on points (6), goal difference (+3) and goals (4); Bravo won their meeting.
  const level = [m(1, 2, 0, 1), m(1, 3, 3, 0), m(1, 4, 1, 0), m(2, 3, 3, 0), m(2, 4, 0, 1), m(3, 4, 0, 0)];
  const before = (rows: ReturnType<typeof computeTable>, x: string, y: string) =>
    order(rows).indexOf(x) < order(rows).indexOf(y);

  it("Premier League: points, goal difference, goals scored, then head-to-head", () => {
    const rows = computeTable([1, 2, 3, 4], level, "premier-league", names);
    const [a, b] = [rows.find((r) => r.teamId === 1)!, rows.find((r) => r.teamId === 2)!];
    expect([a.points, a.goalDifference, a.goalsFor]).toEqual([b.points, b.goalDifference, b.goalsFor]);
    expect(before(rows, "Bravo", "Alpha")).toBe(true);
  });

  it("Premier League: head-to-head away goals when head-to-head points are level", () => {
    // Alpha 1-1 Bravo at Alpha's, Bravo 2-2 Alpha at Bravo's: Alpha scored 2 away, Bravo 1.
    const rows = computeTable([1, 2], [m(1, 2, 1, 1), m(2, 1, 2, 2)], "premier-league", names);
    expect(order(rows)).toEqual(["Alpha", "Bravo"]);
    const swapped = computeTable([1, 2], [m(1, 2, 2, 2), m(2, 1, 1, 1)], "premier-league", names);
    expect(order(swapped)).toEqual(["Bravo", "Alpha"]);
  });

  it("falls back to the name when every criterion is level", () => {
    expect(order(computeTable([2, 1], [m(1, 2, 0, 0), m(2, 1, 0, 0)], "premier-league", names))).toEqual([
      "Alpha",
      "Bravo",
    ]);
  });

  it("UEFA league phase: away goals scored before head-to-head", () => {
    // Charlie and Delta: 3 points, goal difference 0, 1 goal each; Charlie beat Delta, Delta scored its goal away.
    const matches = [m(3, 4, 1, 0), m(3, 1, 0, 1), m(2, 4, 0, 1)];
    const rows = computeTable([1, 2, 3, 4], matches, "uefa-league-phase", names);
    const [c, d] = [rows.find((r) => r.teamId === 3)!, rows.find((r) => r.teamId === 4)!];
    expect([c.points, c.goalDifference, c.goalsFor]).toEqual([d.points, d.goalDifference, d.goalsFor]);
    expect(before(rows, "Delta", "Charlie")).toBe(true);
    expect(before(computeTable([1, 2, 3, 4], matches, "premier-league", names), "Charlie", "Delta")).toBe(
      true,
    );
  });

  it("wins first (Brazil): more wins beat a better goal difference", () => {
    // Alpha: W W L L = 6 pts, 2 wins; Bravo: W D D D = 6 pts, 1 win but better GD.
    const matches = [
      m(1, 3, 1, 0),
      m(1, 4, 1, 0),
      m(3, 1, 5, 0),
      m(4, 1, 5, 0),
      m(2, 3, 5, 0),
      m(2, 4, 0, 0),
      m(3, 2, 0, 0),
      m(4, 2, 1, 1),
    ];
    expect(before(computeTable([1, 2, 3, 4], matches, "brasileirao", names), "Alpha", "Bravo")).toBe(true);
    expect(before(computeTable([1, 2, 3, 4], matches, "premier-league", names), "Bravo", "Alpha")).toBe(true);
  });
});

describe("rule registry", () => {
  const four = new Map([
    [1, "Alpha"],
    [2, "Bravo"],
    [3, "Charlie"],
    [4, "Delta"],
  ]);
  const ord = (rows: ReturnType<typeof computeTable>) => rows.map((r) => four.get(r.teamId));
  // Alpha and Bravo both finish on 6 points; Bravo won their meeting, Alpha has the better goal difference.
  const h2hVsGd = [m(2, 1, 1, 0), m(1, 3, 5, 0), m(1, 4, 1, 0), m(2, 3, 1, 0), m(4, 2, 1, 0), m(3, 4, 0, 0)];

  it("La Liga and Serie A rank level teams by head-to-head before goal difference; the Premier League does not", () => {
    expect(ord(computeTable([1, 2, 3, 4], h2hVsGd, "premier-league", four)).slice(0, 2)).toEqual([
      "Alpha",
      "Bravo",
    ]);
    expect(ord(computeTable([1, 2, 3, 4], h2hVsGd, "la-liga", four)).slice(0, 2)).toEqual(["Bravo", "Alpha"]);
    expect(ord(computeTable([1, 2, 3, 4], h2hVsGd, "serie-a", four)).slice(0, 2)).toEqual(["Bravo", "Alpha"]);
  });

  it("La Liga skips head-to-head while a meeting of the level teams is still to be played", () => {
    const rows = computeTable([1, 2, 3, 4], h2hVsGd, "la-liga", four, { pending: [[1, 2]] });
    expect(ord(rows).slice(0, 2)).toEqual(["Alpha", "Bravo"]);
  });

  it("Serie A re-applies head-to-head to a sub-group the mini-league leaves level", () => {
    // All four on 4 points. The mini-league (goal difference) puts Alpha +1 first and Delta -1 last;
    // Bravo and Charlie stay level (0), and their own meeting (Bravo 1-0) decides, not Charlie's
    // larger goal tally, which a single pass would reach next.
    const all = [m(1, 2, 0, 0), m(1, 3, 1, 2), m(1, 4, 2, 0), m(2, 3, 1, 0), m(2, 4, 0, 1), m(3, 4, 1, 1)];
    const rows = computeTable([1, 2, 3, 4], all, "serie-a", four);
    expect(rows.every((r) => r.points === 4)).toBe(true);
    expect(ord(rows)).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);
    const single = { ...ruleSet("serie-a") };
    single.criteria = single.criteria.map((c) =>
      c.scope === "head-to-head" ? { ...c, recursive: false } : c,
    );
    expect(ord(computeTable([1, 2, 3, 4], all, single, four))).toEqual([
      "Alpha",
      "Charlie",
      "Bravo",
      "Delta",
    ]);
  });

  it("adjustments change points and order, and are reported per row", () => {
    const rows = computeTable([1, 2, 3, 4], h2hVsGd, "premier-league", four, {
      adjustments: new Map([[1, -4]]),
    });
    const alpha = rows.find((r) => r.teamId === 1)!;
    expect(alpha).toMatchObject({ points: 2, adjustment: -4, won: 2 });
    expect(ord(rows)[0]).toBe("Bravo");
  });

  it("UEFA league phase uses opponents' points only once every match is played", () => {
    const six = new Map([...four, [5, "Echo"], [6, "Foxtrot"]]);
    // Charlie and Delta: equal on criteria a-e (one home win 1-0, one away defeat 0-1). Charlie's
    // opponents (Echo 0, Bravo 3) took fewer points than Delta's (Alpha 3, Foxtrot 3).
    const ms = [m(3, 5, 1, 0), m(2, 3, 1, 0), m(4, 1, 1, 0), m(6, 4, 1, 0), m(1, 5, 3, 0)];
    const order = (opts = {}) =>
      computeTable([1, 2, 3, 4, 5, 6], ms, "uefa-league-phase", six, opts).map((r) => six.get(r.teamId));
    const done = order();
    expect(done.indexOf("Delta")).toBeLessThan(done.indexOf("Charlie"));
    const running = order({ pending: [[2, 5]] });
    expect(running.indexOf("Charlie")).toBeLessThan(running.indexOf("Delta")); // alphabetical until matchday 8
  });

  it("Brasileirão uses head-to-head only between exactly two teams", () => {
    const rows = computeTable([1, 2, 3, 4], h2hVsGd, "brasileirao", four);
    expect(ord(rows).slice(0, 2)).toEqual(["Alpha", "Bravo"]); // wins 2-2, then goal difference
  });

  it("Scottish Premiership keeps the top six after the split above the bottom six", () => {
    const names = new Map(Array.from({ length: 8 }, (_, i) => [i + 1, `T${i + 1}`]));
    const rule = { ...ruleSet("scottish-premiership"), split: { afterGames: 1, topSize: 4 } };
    // Round 1: 1-4 win; round 2: the bottom four (5-8) win big against each other... only they can.
    const r1 = [m(1, 5, 1, 0), m(2, 6, 1, 0), m(3, 7, 1, 0), m(4, 8, 1, 0)];
    const r2 = [m(1, 2, 0, 0), m(3, 4, 0, 0), m(5, 6, 5, 0), m(7, 8, 5, 0)];
    const rows = computeTable(names.keys(), [...r1, ...r2], rule, names);
    expect(
      rows
        .slice(0, 4)
        .map((r) => r.teamId)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect(rows[4].points).toBe(3);
    expect(rows[3].points).toBe(4);
    const withoutSplit = computeTable(names.keys(), [...r1, ...r2], "scottish-premiership", names);
    expect(withoutSplit.map((r) => r.teamId)).toEqual(rows.map((r) => r.teamId)); // afterGames 33: not split yet
  });
});
