/**
 * Response JSON compiled from the response schema, so each shape is defined once (the zod schema
 * that also writes the OpenAPI document) and no endpoint keeps a second, hand-written writer.
 *
 * `rowWriter(Team, { id: 0, name: 1, ... })` reads the schema's fields in order and compiles one
 * function that writes a row (the repositories' tuples) as JSON, choosing each cell's writer from
 * the field's type: ids (the `idField`/`refField` pattern) as strings of integers, strings and
 * enums escaped only when needed, numbers, booleans from 0/1 or true/false, and non-null
 * date-times (ISO strings our own SQL formats) quoted as they are. A field whose type is not a
 * scalar (a nested object or array) takes a function of the row instead of a column index.
 *
 * The function is generated code (`new Function`, as fast-json-stringify does) rather than a loop
 * over the fields: one string concatenation per row, the same code a hand-written template gives,
 * so writing from the schema costs what the hand-written writers did (bench: every-endpoint sweep).
 * The output is what JSON.stringify writes for the same values; the oracle tests compare the two.
 */
import { z } from "zod";
import { jsonArray, jsonBool, jsonId, jsonNum, jsonStr } from "./json";

type Cell = (v: unknown) => string;
/**
 * A column of the row, or a writer of the whole row for a nested field (given the context the
 * caller passes, e.g. the rows of a contest's participants).
 */
export type Part<T, C> = number | ((row: T, ctx: C) => string);
export type Columns<S extends z.ZodObject, T, C = undefined> = { [K in keyof S["shape"]]-?: Part<T, C> };

const ID_PATTERN = "^[1-9][0-9]{0,9}$";
/** Quoted without the escaping check: only our SQL's ISO-8601 text reaches a non-null date-time. */
const quoted: Cell = (v) => `"${String(v)}"`;

function unwrap(field: z.ZodType): { inner: z.ZodType; nullable: boolean } {
  let inner = field;
  let nullable = false;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional) {
    nullable = true;
    inner = inner.unwrap() as z.ZodType;
  }
  return { inner, nullable };
}

/** The writer of one scalar field, from its schema; null when the field is not a scalar. */
export function cellFor(field: z.ZodType): Cell | null {
  const { inner, nullable } = unwrap(field);
  const meta = inner.meta() ?? {};
  if (inner instanceof z.ZodString) {
    if (meta.pattern === ID_PATTERN) return jsonId;
    return meta.format === "date-time" && !nullable ? quoted : jsonStr;
  }
  if (inner instanceof z.ZodEnum) return jsonStr;
  if (inner instanceof z.ZodNumber) return jsonNum;
  if (inner instanceof z.ZodBoolean) return jsonBool;
  return null;
}

/** Compiles the writer of `schema` for rows of type T, given where each field comes from. */
export function rowWriter<S extends z.ZodObject, T, C = undefined>(
  schema: S,
  columns: Columns<S, T, C>,
): (row: T, ctx?: C) => string {
  const fns: ((v: never, ctx: never) => string)[] = [];
  const parts: string[] = [];
  const given = columns as Record<string, Part<T, C>>;
  for (const extra of Object.keys(given))
    if (!(extra in schema.shape)) throw new Error(`rowWriter: ${extra} is not a field of the schema`);
  Object.entries(schema.shape).forEach(([name, field], i) => {
    const source = given[name];
    const prefix = JSON.stringify(`${i ? "," : "{"}${JSON.stringify(name)}:`);
    fns.push(
      (typeof source === "number" ? cellFor(field as z.ZodType) : source) as (v: never, c: never) => string,
    );
    if (!fns[i]) throw new Error(`rowWriter: ${name} is not a scalar; give a writer function for it`);
    parts.push(`${prefix} + f[${i}](${typeof source === "number" ? `row[${source}]` : "row, ctx"})`);
  });
  // Generated from the schema (see above).
  const compile = new Function("f", `return (row, ctx) => ${parts.join(" + ")} + "}";`) as (
    f: ((v: never, c: never) => string)[],
  ) => (row: T, ctx?: C) => string;
  return compile(fns);
}

/** The spec's paged list, `{items, total}` (shapes.ts `page`). */
export const pageJson = <T>(rows: readonly T[], item: (row: T) => string, total: number): string =>
  `{"items":${jsonArray(rows, item)},"total":${total}}`;

/** A full-scope list, `{items}` (shapes.ts `list`). */
export const listJson = <T>(rows: readonly T[], item: (row: T) => string): string =>
  `{"items":${jsonArray(rows, item)}}`;

/** A list followed by further fields: `{"items":[...],<rest>}` (rest already JSON, e.g. a cursor). */
export const listFieldsJson = <T>(rows: readonly T[], item: (row: T) => string, rest: string): string =>
  `{"items":${jsonArray(rows, item)},${rest}}`;
