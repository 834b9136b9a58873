import { z } from "zod";
import { editionExists } from "../../repos/editions";
import { personExists } from "../../repos/persons";
import { listRosterEntries, type RosterRow } from "../../repos/rosters";
import { getTeam } from "../../repos/teams";
import { invalidParameter, notFound } from "../errors";
import { q } from "../request";
import { idField, list, refField, strId, strIdOrNull } from "../shapes";
import { defineRoute, type RouteDef } from "../types";

export const RosterEntry = z.object({
  id: idField("roster entry"),
  edition_id: idField("edition"),
  team_id: refField("team (null in individual sports)"),
  person_id: idField("person"),
  person_name: z.string(),
  shirt_number: z.number().int().nullable(),
  position: z.string().nullable(),
  role: z.string().describe("player or coach"),
});

const toEntry = (r: RosterRow): z.infer<typeof RosterEntry> => ({
  id: strId(r.id),
  edition_id: strId(r.editionId),
  team_id: strIdOrNull(r.teamId),
  person_id: strId(r.personId),
  person_name: r.person.name,
  shirt_number: r.shirtNumber,
  position: r.position,
  role: r.role,
});

export const rosterRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/rosters",
    summary: "Squad lists: who played for which team in which edition",
    description:
      "At least one of edition, team or person is required; filters combine with AND (e.g. edition + team = one squad).",
    scope: "teams",
    tags: ["Rosters"],
    query: z.strictObject({
      edition: q.id.optional().describe("Edition (season) id"),
      team: q.id.optional().describe("Team id"),
      person: q.id.optional().describe("Person id: the person's roster history"),
    }),
    response: list(RosterEntry),
    units: 1,
    cacheTtlMs: 30_000,
    handler: async ({ query, db }) => {
      const { edition, team, person } = query;
      if (!edition && !team && !person)
        throw invalidParameter("edition", "a scope is required: give edition, team or person");
      const rows = await listRosterEntries(db, { editionId: edition, teamId: team, personId: person });
      if (rows.length === 0) {
        if (edition && !(await editionExists(db, edition)))
          throw notFound(`Edition ${edition} (parameter 'edition')`);
        if (team && !(await getTeam(db, team))) throw notFound(`Team ${team} (parameter 'team')`);
        if (person && !(await personExists(db, person)))
          throw notFound(`Person ${person} (parameter 'person')`);
      }
      return { items: rows.map(toEntry) };
    },
  }),
];
