import { describe, expect, test } from "vitest";
import { decodeCursor, encodeCursor, filtersHash } from "./cursor";
import { prefixUpperBound } from "../sports/store/persons";

describe("odds cursors", () => {
  const f = filtersHash({ bookmaker: "pinnacle", interval: "raw", before: undefined });
  const cursor = encodeCursor({ k: "c", s: 7, f, t: Date.UTC(2025, 0, 1), i: 42 });

  test("round-trip to the position they were issued for", () => {
    expect(decodeCursor(cursor, { k: "c", s: 7, f })).toEqual({ t: new Date(Date.UTC(2025, 0, 1)), id: 42 });
  });

  test("refuse another scope, other filters, or any altered byte with a 400 naming cursor", () => {
    const expectBad = (fn: () => unknown, why: RegExp) => {
      try {
        fn();
        throw new Error("accepted");
      } catch (err) {
        expect(err).toMatchObject({ code: "INVALID_PARAMETER", status: 400 });
        expect((err as Error).message).toMatch(/^Invalid parameter 'cursor'/);
        expect((err as Error).message).toMatch(why);
      }
    };
    expectBad(() => decodeCursor(cursor, { k: "c", s: 8, f }), /another contest/);
    expectBad(() => decodeCursor(cursor, { k: "p", s: 7, f }), /another contest/);
    expectBad(
      () => decodeCursor(cursor, { k: "c", s: 7, f: filtersHash({ bookmaker: "bet365", interval: "raw" }) }),
      /different filters/,
    );
    for (let i = 0; i < cursor.length; i += 3) {
      const c = cursor[i] === "A" ? "B" : "A";
      const altered = cursor.slice(0, i) + c + cursor.slice(i + 1);
      if (altered !== cursor) expectBad(() => decodeCursor(altered, { k: "c", s: 7, f }), /not a cursor/);
    }
    expectBad(() => decodeCursor("", { k: "c", s: 7, f }), /not a cursor/);
    expectBad(() => decodeCursor(`${cursor}.x`, { k: "c", s: 7, f }), /not a cursor/);
  });

  test("filtersHash ignores key order and distinguishes values", () => {
    expect(filtersHash({ a: "1", b: "2" })).toBe(filtersHash({ b: "2", a: "1" }));
    expect(filtersHash({ a: "1" })).not.toBe(filtersHash({ a: "2" }));
  });
});

test("prefixUpperBound gives the smallest [0-9a-z] string above every extension of a prefix", () => {
  expect(prefixUpperBound("ab")).toBe("ac");
  expect(prefixUpperBound("az")).toBe("b");
  expect(prefixUpperBound("a9")).toBe("aa");
  expect(prefixUpperBound("zz")).toBeNull();
  const words = ["ab", "abz", "ab9", "ac", "aa", "b", "a"];
  expect(words.filter((w) => w >= "ab" && w < prefixUpperBound("ab")!)).toEqual(["ab", "abz", "ab9"]);
});
