import { z } from "zod";
import { editionExists } from "../../repos/editions";
import { personExists } from "../../repos/persons";
import { listRosterEntries, ROSTER, type RosterTuple } from "../../repos/rosters";
import { getTeam } from "../../repos/teams";
import { invalidParameter, notFound } from "../../platform/errors";
import { listJson, rowWriter } from "../serialize";
import { q, refs } from "../request";
import { idField, list, refField } from "../shapes";
import { defineRoute, RawJson, type RouteDef } from "../types";

export const RosterEntry = z.object({
  id: idField("roster entry"),
  edition_id: idField("edition"),
  team_id: refField("team (null in individual sports)"),
  team_name: z.string().nullable().describe("That team's name"),
  person_id: idField("person"),
  person_name: z.string(),
  shirt_number: z.number().int().nullable(),
  position: z.string().nullable(),
  role: z.string().describe("player or coach"),
});

/** A RosterEntry as JSON, written from its row by the schema's compiled writer. */
const entryJson = rowWriter<typeof RosterEntry, RosterTuple>(RosterEntry, {
  id: ROSTER.at.id,
  edition_id: ROSTER.at.editionId,
  team_id: ROSTER.at.teamId,
  team_name: ROSTER.at.teamName,
  person_id: ROSTER.at.personId,
  person_name: ROSTER.at.personName,
  shirt_number: ROSTER.at.shirtNumber,
  position: ROSTER.at.position,
  role: ROSTER.at.role,
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
      edition: refs.edition("Edition (season)"),
      team: refs.team("Team"),
      person: q.id.optional().describe("Person id: the person's roster history"),
    }),
    response: list(RosterEntry),
    group: "reference",
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
      return new RawJson(listJson(rows, entryJson));
    },
  }),
];
