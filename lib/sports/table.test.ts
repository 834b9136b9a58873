import { describe, expect, it } from "vitest";
import { computeTable, type TableMatch } from "./table";

const names = new Map([[1, "Alpha"], [2, "Bravo"], [3, "Charlie"], [4, "Delta"]]);
let t = 0;
const m = (home: number, away: number, homeGoals: number, awayGoals: number): TableMatch => ({ home, away, homeGoals, awayGoals, at: ++t });
const order = (rows: ReturnType<typeof computeTable>) => rows.map((r) => names.get(r.teamId));

describe("league table", () => {
  it("counts 3-1-0 points, goals, difference and the last five results newest last", () => {
    const rows = computeTable([1, 2], [m(1, 2, 2, 0), m(2, 1, 1, 1), m(1, 2, 0, 3), m(2, 1, 0, 1), m(1, 2, 4, 4), m(2, 1, 2, 0)], "premier-league", names);
    const alpha = rows.find((r) => r.teamId === 1)!;
    expect(alpha).toMatchObject({ played: 6, won: 2, drawn: 2, lost: 2, goalsFor: 8, goalsAgainst: 10, goalDifference: -2, points: 8, form: "DLWDL" });
    expect(rows.map((r) => r.position)).toEqual([1, 2]);
    expect(order(rows)).toEqual(["Bravo", "Alpha"]);
  });

  it("lists teams without a finished game with zeros", () => {
    expect(computeTable([1, 2, 3], [m(1, 2, 1, 0)], "premier-league", names).find((r) => r.teamId === 3)).toMatchObject({ played: 0, points: 0, form: "" });
  });

  // Alpha and Bravo end level on points (6), goal difference (+3) and goals (4); Bravo won their meeting.
  const level = [m(1, 2, 0, 1), m(1, 3, 3, 0), m(1, 4, 1, 0), m(2, 3, 3, 0), m(2, 4, 0, 1), m(3, 4, 0, 0)];
  const before = (rows: ReturnType<typeof computeTable>, x: string, y: string) => order(rows).indexOf(x) < order(rows).indexOf(y);

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
    expect(order(computeTable([2, 1], [m(1, 2, 0, 0), m(2, 1, 0, 0)], "premier-league", names))).toEqual(["Alpha", "Bravo"]);
  });

  it("UEFA league phase: away goals scored before head-to-head", () => {
    // Charlie and Delta: 3 points, goal difference 0, 1 goal each; Charlie beat Delta, Delta scored its goal away.
    const matches = [m(3, 4, 1, 0), m(3, 1, 0, 1), m(2, 4, 0, 1)];
    const rows = computeTable([1, 2, 3, 4], matches, "uefa-league-phase", names);
    const [c, d] = [rows.find((r) => r.teamId === 3)!, rows.find((r) => r.teamId === 4)!];
    expect([c.points, c.goalDifference, c.goalsFor]).toEqual([d.points, d.goalDifference, d.goalsFor]);
    expect(before(rows, "Delta", "Charlie")).toBe(true);
    expect(before(computeTable([1, 2, 3, 4], matches, "premier-league", names), "Charlie", "Delta")).toBe(true);
  });

  it("wins first (Brazil): more wins beat a better goal difference", () => {
    // Alpha: W W L L = 6 pts, 2 wins; Bravo: W D D D = 6 pts, 1 win but better GD.
    const matches = [m(1, 3, 1, 0), m(1, 4, 1, 0), m(3, 1, 5, 0), m(4, 1, 5, 0), m(2, 3, 5, 0), m(2, 4, 0, 0), m(3, 2, 0, 0), m(4, 2, 1, 1)];
    expect(before(computeTable([1, 2, 3, 4], matches, "wins-first", names), "Alpha", "Bravo")).toBe(true);
    expect(before(computeTable([1, 2, 3, 4], matches, "premier-league", names), "Bravo", "Alpha")).toBe(true);
  });
});
