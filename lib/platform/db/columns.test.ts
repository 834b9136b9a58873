import { describe, expect, it } from "vitest";
import { c, columns } from "./columns";
import { dialectFor } from "./sql";

describe("columns: one declaration gives the SELECT list, the positions and the ISO conversion", () => {
  const cols = columns(c.int("id", 't."id"'), c.textOrNull("name", 't."name"'), c.iso("at", 't."updatedAt"'));

  it("lists the columns in order, date-times through the dialect", () => {
    expect(cols.list(dialectFor("postgresql"))).toBe(
      `t."id", t."name", to_char(t."updatedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    );
    expect(cols.list(dialectFor("sqlite"))).toBe('t."id", t."name", t."updatedAt"');
    expect(cols.at).toEqual({ id: 0, name: 1, at: 2 });
  });

  it("converts only the date-time cells", () => {
    const rows = cols.rows(dialectFor("sqlite"), [[1, "x", "2026-11-21 12:00:00.000+00:00"]]);
    expect(rows[0][0]).toBe(1);
    expect(rows[0][2]).toBe("2026-11-21T12:00:00.000Z");
  });

  it("refuses a name declared twice", () => {
    expect(() => columns(c.int("id", "a"), c.text("id", "b"))).toThrow(/id is declared twice/);
  });
});
