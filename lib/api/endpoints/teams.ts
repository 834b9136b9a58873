import { z } from "zod";
import { getTeam, listTeamPage, TEAM, type TeamTuple } from "../../sports/store/teams";
import { slugify } from "../../sports/normalize";
import { q, searchWords } from "../request";
import { idField, page } from "../shapes";
import { byIdRoute } from "../by-id";
import { pageJson, rowWriter } from "../serialize";
import { defineRoute, RawJson, type RouteDef } from "../types";

export const Team = z.object({
  id: idField("team"),
  slug: z
    .string()
    .describe(
      "The name lower-case, accent-free, with hyphens: accepted wherever a team id is (`team=argentina`)",
    ),
  name: z.string(),
  short_name: z.string(),
  code: z.string().describe("Three-letter code, e.g. ARS"),
  country: z.string().nullable(),
  founded: z.number().int().nullable(),
  venue: z.string().nullable(),
  demo: z
    .boolean()
    .describe("Generated demo data (removed with `statline demo remove`); real data is listed first"),
});

/** A Team as JSON, written from its row by the schema's compiled writer. */
const at = TEAM.at;
export const teamJson = rowWriter<typeof Team, TeamTuple>(Team, {
  id: at.id,
  slug: (r) => JSON.stringify(slugify(r[at.name])),
  name: at.name,
  short_name: at.shortName,
  code: at.code,
  country: at.country,
  founded: at.founded,
  venue: at.venue,
  demo: at.demo,
});

export const teamRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/teams",
    summary: "List or search teams, paged by limit/offset",
    description:
      "Imported teams first, then the generated demo set (`demo: true`), each by id, so the loop " +
      "`offset += limit until offset + items.length >= total` visits every row once. `q` keeps the teams " +
      'whose name contains every word of it, in any case and with accents optional ("bayern", "munchen").',
    scope: "teams",
    tags: ["Teams"],
    query: z.strictObject({
      q: z
        .string()
        .max(100, "must be at most 100 characters")
        .optional()
        .describe("Search text: words of the team's name, any case, accents optional"),
      limit: q.limit(200, 50),
      offset: q.offset,
    }),
    response: page(Team, 200),
    group: "reference",
    cacheTtlMs: 30_000,
    handler: async ({ query, db }) => {
      const { rows, total } = await listTeamPage(db, query.limit, query.offset, searchWords(query.q));
      return new RawJson(pageJson(rows, teamJson, total));
    },
  }),
  byIdRoute({
    pattern: "/v1/teams/{id}",
    summary: "One team",
    scope: "teams",
    tags: ["Teams"],
    group: "reference",
    label: "Team",
    response: Team,
    cacheTtlMs: 30_000,
    load: getTeam,
    present: (row) => new RawJson(teamJson(row)),
  }),
];
