import { z } from "zod";
import { getTeam, listTeams } from "../../repos/teams";
import { q } from "../request";
import { idField, page, strId } from "../shapes";
import { byIdRoute } from "../by-id";
import { defineRoute, type RouteDef } from "../types";

export const Team = z.object({
  id: idField("team"),
  name: z.string(),
  short_name: z.string(),
  code: z.string().describe("Three-letter code, e.g. ARS"),
  country: z.string().nullable(),
  founded: z.number().int().nullable(),
  venue: z.string().nullable(),
});

type TeamRow = NonNullable<Awaited<ReturnType<typeof getTeam>>>;
const toTeam = (t: TeamRow): z.infer<typeof Team> => ({
  id: strId(t.id),
  name: t.name,
  short_name: t.shortName,
  code: t.code,
  country: t.country,
  founded: t.founded,
  venue: t.venue,
});

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
      const { items, total } = await listTeams(db, query.limit, query.offset);
      return { items: items.map(toTeam), total };
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
    present: toTeam,
  }),
];
