import { z } from "zod";
import type { Db } from "../db";
import type { Scope } from "../keys/scopes";
import type { UnitGroup } from "../unit-groups";
import { notFound } from "./errors";
import { pathId } from "./shapes";
import { defineRoute, type RawJson, type RouteDef } from "./types";

/**
 * The "one record by id" route every resource has: `{id}` must be a positive 32-bit integer, a
 * record that does not exist (or an id that cannot exist) is 404 "<Label> <id> not found".
 */
export function byIdRoute<Row, Out>(def: {
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
  load: (db: Db, id: number) => Promise<Row | null>;
  /** A record also found by a key that is not an id (a competition's slug or league code). */
  loadByKey?: (db: Db, key: string) => Promise<Row | null>;
  /** The item, or its JSON written straight from the row (RawJson). */
  present: (row: Row) => Out | RawJson;
}): RouteDef {
  return defineRoute({
    pattern: def.pattern,
    summary: def.summary,
    tags: def.tags,
    scope: def.scope,
    query: z.strictObject({}),
    response: def.response,
    group: def.group,
    cacheTtlMs: def.cacheTtlMs,
    readsOdds: def.readsOdds,
    handler: async ({ params, db }) => {
      const id = pathId(params.id);
      const key = params.id ?? "";
      const byKey = !id && def.loadByKey && /^[a-z0-9][a-z0-9.-]{0,79}$/.test(key);
      const row = id ? await def.load(db, id) : byKey ? await def.loadByKey!(db, key) : null;
      if (!row) throw notFound(`${def.label} ${params.id}`);
      return def.present(row);
    },
  });
}
