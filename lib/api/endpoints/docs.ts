import { z } from "zod";
import { buildOpenApi } from "../../docs/openapi";
import { openApiExtensions } from "../../docs/openapi-extra";
import { defineRoute, RawJson, type RouteDef } from "../types";
import { ChangeEvent } from "./changes";
import { Competition, Edition } from "./competitions";
import { Contest, Participant } from "./contests";
import { OddsHistoryPage, OddsPoint } from "./odds";
import { Person } from "./persons";
import { RosterEntry } from "./rosters";
import { Standing } from "./standings";
import { Team } from "./teams";

/** Record schemas named in components.schemas. */
export const RECORDS = {
  Competition,
  Edition,
  Contest,
  Participant,
  Person,
  Team,
  RosterEntry,
  Standing,
  OddsPoint,
  OddsHistoryPage,
  ChangeEvent,
};

let cached: RawJson | undefined;

/** The public OpenAPI route; it documents `all` (the whole route table, itself included). */
export function openApiRoute(all: () => RouteDef[]): RouteDef {
  return defineRoute({
    pattern: "/v1/openapi.json",
    summary: "This OpenAPI 3.1 document (public, no key)",
    tags: ["Meta"],
    query: z.strictObject({}),
    response: z.object({}).passthrough(),
    group: null,
    // Cached like data so the 68 KB document is compressed once and revalidated by ETag.
    cacheTtlMs: 300_000,
    public: true,
    raw: true,
    // Routes are static, so the document is built once per process.
    handler: async () =>
      (cached ??= new RawJson(JSON.stringify(buildOpenApi(all(), RECORDS, openApiExtensions)))),
  });
}
