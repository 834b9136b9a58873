import { z } from "zod";
import { getTeam, listTeams, type TeamTuple } from "../../repos/teams";
import { q } from "../request";
import { idField, page } from "../shapes";
import { byIdRoute } from "../by-id";
import { jsonArray, jsonId, jsonNum, jsonStr } from "../json";
import { defineRoute, RawJson, type RouteDef } from "../types";

export const Team = z.object({
  id: idField("team"),
  name: z.string(),
  short_name: z.string(),
  code: z.string().describe("Three-letter code, e.g. ARS"),
  country: z.string().nullable(),
  founded: z.number().int().nullable(),
  venue: z.string().nullable(),
});

/** A Team as JSON, written from its row (same bytes as JSON.stringify of the schema's object). */
export const teamJson = (t: TeamTuple): string =>
  `{"id":${jsonId(t[0])},"name":${jsonStr(t[1])},"short_name":${jsonStr(t[2])},"code":${jsonStr(t[3])},` +
  `"country":${jsonStr(t[4])},"founded":${jsonNum(t[5])},"venue":${jsonStr(t[6])}}`;

export const teamRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/teams",
    summary: "List teams, paged by limit/offset",
    description:
      "Ordered by id, so the loop `offset += limit until offset + items.length >= total` visits every row once.",
    scope: "teams",
    tags: ["Teams"],
    query: z.strictObject({ limit: q.limit(200, 50), offset: q.offset }),
    response: page(Team, 200),
    units: 1,
    cacheTtlMs: 30_000,
    handler: async ({ query, db }) => {
      const { rows, total } = await listTeams(db, query.limit, query.offset);
      return new RawJson(`{"items":${jsonArray(rows, teamJson)},"total":${total}}`);
    },
  }),
  byIdRoute({
    pattern: "/v1/teams/{id}",
    summary: "One team",
    scope: "teams",
    tags: ["Teams"],
    label: "Team",
    response: Team,
    cacheTtlMs: 30_000,
    load: getTeam,
    present: (row) => new RawJson(teamJson(row)),
  }),
];
