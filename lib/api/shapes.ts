import { z } from "zod";

/** Ids are integers in the database and strings on the wire (spec: every record has a string id). */
export const strId = (id: number | string): string => String(id);
export const strIdOrNull = (id: number | string | null | undefined): string | null => (id == null ? null : String(id));

/** The spec's paged list shape: {items, total}. */
export const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** Full-scope lists (editions, contests, rosters, standings): {items}. */
export const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
