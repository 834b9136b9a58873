import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";

describe("parseCsv", () => {
  it("splits plain records on LF and CRLF and numbers their lines", () => {
    expect(parseCsv("a,b\r\n1,2\r\n3,\n")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["1", "2"] },
      { line: 3, cells: ["3", ""] },
    ]);
  });

  it("keeps commas, doubled quotes and line breaks inside quoted fields", () => {
    const rows = parseCsv('name,note\n"Brighton & Hove, Albion","said ""hi""\nthen left"\nlast,"x"');
    expect(rows).toEqual([
      { line: 1, cells: ["name", "note"] },
      { line: 2, cells: ["Brighton & Hove, Albion", 'said "hi"\nthen left'] },
      { line: 4, cells: ["last", "x"] },
    ]);
  });

  it("drops a byte-order mark and handles a last line without a newline", () => {
    expect(parseCsv("\uFEFFDiv,Date\nE0,16/08/2024")).toEqual([
      { line: 1, cells: ["Div", "Date"] },
      { line: 2, cells: ["E0", "16/08/2024"] },
    ]);
  });

  it("keeps empty records so callers can report or skip them", () => {
    expect(parseCsv("a\n\nb\n").map((r) => r.cells)).toEqual([["a"], [""], ["b"]]);
  });
});
