import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dateTime, idField, refField } from "./shapes";
import { cellFor, listJson, pageJson, rowWriter } from "./serialize";

const Thing = z.object({
  id: idField("thing"),
  parent_id: refField("parent"),
  name: z.string(),
  note: z.string().nullable(),
  kind: z.enum(["a", "b"]),
  count: z.number().int().nullable(),
  price: z.number(),
  active: z.boolean(),
  seen_at: dateTime,
  tags: z.array(z.string()),
});
type Row = [
  number,
  number | null,
  string,
  string | null,
  string,
  number | null,
  number,
  0 | 1,
  string,
  string[],
];

const write = rowWriter<typeof Thing, Row>(Thing, {
  id: 0,
  parent_id: 1,
  name: 2,
  note: 3,
  kind: 4,
  count: 5,
  price: 6,
  active: 7,
  seen_at: 8,
  tags: (r) => JSON.stringify(r[9]),
});

/** What the wire should carry: the object the schema describes, as JSON.stringify writes it. */
const expected = (r: Row) =>
  JSON.stringify({
    id: String(r[0]),
    parent_id: r[1] == null ? null : String(r[1]),
    name: r[2],
    note: r[3],
    kind: r[4],
    count: r[5],
    price: r[6],
    active: r[7] === 1,
    seen_at: r[8],
    tags: r[9],
  });

describe("rowWriter: JSON from the schema", () => {
  it("writes what JSON.stringify writes, escapes included, in the schema's field order", () => {
    const rows: Row[] = [
      [1, null, "Arsenal", null, "a", null, 1.5, 1, "2024-08-16T19:00:00.000Z", []],
      [42, 7, 'Say "hi"\\\n', "Ç\u0001é", "b", 0, -2.25, 0, "2024-01-01T00:00:00.000Z", ["x", '"y"']],
      [2147483647, 3, "\ud83d\ude00 emoji", "tab\there", "a", 99, 0, 1, "2030-12-31T23:59:59.999Z", ["é"]],
    ];
    for (const r of rows) {
      expect(write(r)).toBe(expected(r));
      expect(Thing.parse(JSON.parse(write(r)))).toEqual(JSON.parse(expected(r)));
    }
  });

  it("passes the caller's context to nested writers", () => {
    const Item = z.object({ rank: z.number().int(), name: z.string() });
    const item = rowWriter<typeof Item, [string], number>(Item, { rank: (_, rank) => String(rank), name: 0 });
    expect(item(["Messi"], 2)).toBe('{"rank":2,"name":"Messi"}');
  });

  it("refuses a column map that names an unknown field or leaves a nested field without a writer", () => {
    const Small = z.object({ id: idField("x"), items: z.array(z.string()) });
    expect(() => rowWriter(Small, { id: 0, items: 1 })).toThrow(/items is not a scalar/);
    expect(() => rowWriter(z.object({ id: idField("x") }), { id: 0, extra: 1 } as { id: number })).toThrow(
      /extra is not a field/,
    );
  });

  it("chooses cell writers from field types", () => {
    expect(cellFor(idField("x"))?.(12)).toBe('"12"');
    expect(cellFor(refField("x"))?.(null)).toBe("null");
    expect(cellFor(z.boolean())?.(0)).toBe("false");
    expect(cellFor(z.number().nullable())?.(null)).toBe("null");
    expect(cellFor(dateTime.nullable())?.(null)).toBe("null");
    expect(cellFor(z.object({}))).toBeNull();
  });

  it("writes the spec's list envelopes", () => {
    const id = (n: number) => String(n);
    expect(pageJson([1, 2], id, 10)).toBe('{"items":[1,2],"total":10}');
    expect(listJson([], id)).toBe('{"items":[]}');
  });
});
