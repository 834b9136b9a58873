import { describe, expect, it } from "vitest";
import { margin, noVig, NO_VIG_METHODS } from "./math";

// The solvers on books the CSV tests do not reach: a negative margin (best prices across books,
// an exchange), a lopsided two-way market, and prices that are not prices.
describe("no-vig methods", () => {
  const books = [
    [1.68, 4.5, 5.5], // E0 2024/25 row 1, MaxH/D/A: margin below zero
    [1.01, 26], // a heavy favourite
    [2.0, 2.0], // no margin at all
  ];
  it.each(books)("sum to 1 within 1e-9 for %j", (...odds) => {
    for (const m of NO_VIG_METHODS) {
      const r = noVig(m, odds)!;
      expect(Math.abs(r.probabilities.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-9);
      expect(r.probabilities.every((p) => p > 0 && p < 1)).toBe(true);
    }
  });
  it("a negative margin gives k < 1 and z < 0; no margin gives k = 1 and z = 0", () => {
    expect(margin([1.68, 4.5, 5.5])).toBeLessThan(0);
    expect(noVig("power", [1.68, 4.5, 5.5])!.parameter).toBeLessThan(1);
    expect(noVig("shin", [1.68, 4.5, 5.5])!.parameter).toBeLessThan(0);
    expect(noVig("power", [2, 2])!.parameter).toBeCloseTo(1, 9);
    expect(noVig("shin", [2, 2])!.parameter).toBeCloseTo(0, 9);
  });
  it("refuses a single outcome or a price of 1 or less", () => {
    for (const m of NO_VIG_METHODS) {
      expect(noVig(m, [1.5])).toBeNull();
      expect(noVig(m, [1, 3])).toBeNull();
    }
  });
});
