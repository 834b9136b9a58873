import { describe, expect, it } from "vitest";
import type { ContestInput, SideData } from "../importers/upsert";
import { derivedResult } from "../ingest/derive";
import { outcomesOf, scoreOutcomes, shootoutWinner, teamOutcome, type SideScores } from "./outcome";

const side = (score: number | null, penaltyScore: number | null = null): SideScores => ({
  score,
  fullTimeScore: null,
  extraTimeScore: null,
  penaltyScore,
});

describe("the one outcome rule", () => {
  it("goes by the score, home first", () => {
    expect(outcomesOf(2, 1, null)).toEqual(["win", "loss"]);
    expect(outcomesOf(0, 3, null)).toEqual(["loss", "win"]);
    expect(outcomesOf(1, 1, null)).toEqual(["draw", "draw"]);
  });

  it("gives a level score to the shoot-out's winner, and only a level score", () => {
    expect(outcomesOf(1, 1, "away")).toEqual(["loss", "win"]);
    expect(outcomesOf(2, 1, "away")).toEqual(["win", "loss"]);
    expect(shootoutWinner(4, 3)).toBe("home");
    expect(shootoutWinner(2, 4)).toBe("away");
    expect(shootoutWinner(3, 3)).toBeNull();
    expect(shootoutWinner(null, 3)).toBeNull();
  });

  it("has no outcome without both scores, nor before the contest is finished", () => {
    expect(scoreOutcomes(side(null), side(1))).toEqual([null, null]);
    expect(teamOutcome("live", side(2), side(0))).toBeNull();
    expect(teamOutcome("finished", side(3, 2), side(3, 4))).toBe("loss");
    expect(teamOutcome("finished", side(3, 4), side(3, 2))).toBe("win");
  });

  it("is the rule ingest derives a finished contest's outcomes with", () => {
    const sideData = (s: "home" | "away", score: number, penaltyScore: number | null): SideData => ({
      side: s,
      teamId: s === "home" ? 1 : 2,
      personId: null,
      score,
      halftimeScore: null,
      scoreDetail: null,
      outcome: null,
      fullTimeScore: score,
      extraTimeScore: score,
      penaltyScore,
    });
    for (const [h, a, ph, pa] of [
      [2, 2, 5, 4],
      [1, 1, 2, 4],
      [3, 1, null, null],
      [0, 0, null, null],
    ] as const) {
      const input: ContestInput = {
        r: {
          where: "",
          stage: "",
          round: "",
          roundKnown: true,
          status: "finished",
          kickoffAt: new Date(),
          timeKnown: true,
        },
        externalRef: "x",
        sides: [sideData("home", h, ph), sideData("away", a, pa)],
      };
      derivedResult(input, {});
      const want = scoreOutcomes(side(h, ph), side(a, pa));
      expect(input.sides.map((s) => s.outcome)).toEqual(want);
    }
  });
});
