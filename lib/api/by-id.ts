import { z } from "zod";
import type { Db } from "../platform/db";
import type { Scope } from "../keys/scopes";
import type { UnitGroup } from "../plans/unit-groups";
import { notFound } from "../platform/errors";
import { pathId } from "./shapes";
import { defineRoute, type RawJson, type RouteDef } from "./types";

/**
 * The "one record by id" route every resource has: `{id}` must be a positive 32-bit integer, a
 * record that does not exist (or an id that cannot exist) is 404 "<Label> <id> not found".
 */
export function byIdRoute<Row, Out, S extends z.ZodObject = z.ZodObject<Record<string, never>>>(def: {
  pattern: string;
  summary: string;
  tags: string[];
  /** The endpoint group that prices it (RouteDef.group). */
  group: UnitGroup;
  scope: Scope;
  /** "Team", "Person": the 404 message names it. */
  label: string;
  response: z.ZodType<Out>;
  cacheTtlMs: number;
  /** RouteDef.readsOdds. */
  readsOdds?: boolean;
  /** Query parameters that shape the answer (a contest's `timezone`); none by default. */
  query?: S;
  load: (db: Db, id: number) => Promise<Row | null>;
  /** The item, or its JSON written straight from the row (RawJson). */
  present: (row: Row, query: z.output<S>) => Out | RawJson;
}): RouteDef {
  return defineRoute({
    pattern: def.pattern,
    summary: def.summary,
    tags: def.tags,
    scope: def.scope,
    query: def.query ?? z.strictObject({}),
    response: def.response,
    group: def.group,
    cacheTtlMs: def.cacheTtlMs,
    readsOdds: def.readsOdds,
    handler: async ({ params, db, query }) => {
      // A slug was read as its id before (lib/api/slugs.ts).
      const id = pathId(params.id);
      const row = id ? await def.load(db, id) : null;
      if (!row) throw notFound(`${def.label} ${params.id}`);
      return def.present(row, query as z.output<S>);
    },
  });
}
