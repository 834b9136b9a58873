import { z } from "zod";

/** Ids are integers in the database and strings on the wire (spec: every record has a string id). */
export const strId = (id: number | string): string => String(id);
export const strIdOrNull = (id: number | string | null | undefined): string | null =>
  id == null ? null : String(id);

/** ISO-8601 on the wire; dates without a time of day are YYYY-MM-DD. */
export const iso = (d: Date): string => d.toISOString();
export const day = (d: Date): string => d.toISOString().slice(0, 10);
export const dayOrNull = (d: Date | null): string | null => (d ? day(d) : null);

/** Output field helpers, so the OpenAPI document says what each field is. */
const ID = { pattern: "^[1-9][0-9]{0,9}$", maxLength: 10 };
export const idField = (what: string) => z.string().meta(ID).describe(`Id of the ${what}`);
export const refField = (what: string) =>
  z.string().meta(ID).nullable().describe(`Id of the ${what}, or null`);
export const dateTime = z.string().meta({ format: "date-time" }).describe("ISO-8601 date-time in UTC");
export const calendarDay = z.string().meta({ format: "date" }).describe("Calendar day, YYYY-MM-DD");

/** The spec's paged list shape: {items, total}. */
export const page = <T extends z.ZodType>(item: T, max: number) =>
  z.object({
    items: z.array(item).max(max),
    total: z.number().int().describe("Number of matching rows, not only this page"),
  });

/** Full-scope lists (editions, contests, rosters, standings): {items}. */
export const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/** Path ids are positive integers; anything else cannot name a record, so it is a 404. */
export function pathId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}
