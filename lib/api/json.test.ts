import { describe, expect, test } from "vitest";
import { jsonArray, jsonBool, jsonId, jsonNum, jsonStr } from "./json";

// Responses written from rows must be byte-for-byte what JSON.stringify writes for the same values.
describe("JSON written from database rows", () => {
  test("strings escape like JSON.stringify, null stays null", () => {
    for (const s of [
      "plain",
      'quote " and \\\\ backslash',
      "Zoë Ñúñez-Ibáñez",
      "tab\tnew\nline\u0001",
      "\u2028",
      "😀",
      "lone \ud800 surrogate",
      "del \u007f and nbsp \u00a0",
      "",
    ])
      expect(jsonStr(s)).toBe(JSON.stringify(s));
    expect(jsonStr(null)).toBe("null");
    expect(jsonStr(undefined)).toBe("null");
  });

  test("ids become strings, numbers stay numbers, booleans from 0/1 or true/false", () => {
    expect(jsonId(42)).toBe('"42"');
    expect(jsonId(BigInt(7))).toBe('"7"');
    expect(jsonId(null)).toBe("null");
    for (const n of [0, 1.5, 2, 1.85, -3, 1e21]) expect(jsonNum(n)).toBe(JSON.stringify(n));
    expect(jsonNum(null)).toBe("null");
    expect([jsonBool(1), jsonBool(true), jsonBool(0), jsonBool(false)]).toEqual([
      "true",
      "true",
      "false",
      "false",
    ]);
    const rows: [number, string | null][] = [
      [1, "a"],
      [2, null],
    ];
    const built = jsonArray(rows, (r) => `{"id":${jsonId(r[0])},"name":${jsonStr(r[1])}}`);
    expect(built).toBe(JSON.stringify(rows.map((r) => ({ id: String(r[0]), name: r[1] }))));
    expect(jsonArray([], () => "x")).toBe("[]");
  });
});
