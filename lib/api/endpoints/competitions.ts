import { z } from "zod";
import {
  competitionExists,
  getCompetition,
  listCompetitions,
  type CompetitionRow,
} from "../../repos/competitions";
import { getEdition, listEditions, type EditionRow } from "../../repos/editions";
import { notFound } from "../errors";
import { q } from "../request";
import { calendarDay, day, idField, list, refField, strId, strIdOrNull } from "../shapes";
import { byIdRoute } from "../by-id";
import { defineRoute, type RouteDef } from "../types";

export const Competition = z.object({
  id: idField("competition"),
  slug: z.string(),
  name: z.string(),
  sport: z.string().describe("e.g. football, tennis"),
  kind: z.string().describe("team or individual"),
  format: z.string().describe("league, knockout or league_knockout"),
  country: z.string().nullable(),
  current_edition_id: refField("current edition (season)"),
});

export const Edition = z.object({
  id: idField("edition"),
  competition_id: idField("competition"),
  name: z.string().describe('Season label, e.g. "2024/25" or "2025"'),
  start_date: calendarDay,
  end_date: calendarDay,
  current: z.boolean().describe("The competition's running (or latest) edition"),
});

const toCompetition = (c: CompetitionRow): z.infer<typeof Competition> => ({
  id: strId(c.id),
  slug: c.slug,
  name: c.name,
  sport: c.sport,
  kind: c.kind,
  format: c.format,
  country: c.country,
  current_edition_id: strIdOrNull(c.editions[0]?.id),
});

const toEdition = (e: EditionRow): z.infer<typeof Edition> => ({
  id: strId(e.id),
  competition_id: strId(e.competitionId),
  name: e.name,
  start_date: day(e.startDate),
  end_date: day(e.endDate),
  current: e.current,
});

const LIST_TTL = 30_000;

export const competitionRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/competitions",
    summary: "List competitions (a small catalogue, returned whole)",
    scope: "competitions",
    tags: ["Competitions"],
    query: z.strictObject({
      sport: q.code.optional().describe("Only competitions of this sport, e.g. football"),
    }),
    response: list(Competition),
    units: 1,
    cacheTtlMs: LIST_TTL,
    handler: async ({ query, db }) => ({
      items: (await listCompetitions(db, query.sport)).map(toCompetition),
    }),
  }),
  byIdRoute({
    pattern: "/v1/competitions/{id}",
    summary: "One competition",
    scope: "competitions",
    tags: ["Competitions"],
    label: "Competition",
    response: Competition,
    cacheTtlMs: LIST_TTL,
    load: getCompetition,
    present: toCompetition,
  }),
  defineRoute({
    pattern: "/v1/editions",
    summary: "List editions (seasons), optionally of one competition",
    scope: "competitions",
    tags: ["Editions"],
    query: z.strictObject({
      competition: q.id.optional().describe("Competition id"),
      current: q.bool.optional().describe("true: only current editions; false: only past ones"),
    }),
    response: list(Edition),
    units: 1,
    cacheTtlMs: LIST_TTL,
    handler: async ({ query, db }) => {
      const rows = await listEditions(db, { competitionId: query.competition, current: query.current });
      if (rows.length === 0 && query.competition && !(await competitionExists(db, query.competition))) {
        throw notFound(`Competition ${query.competition} (parameter 'competition')`);
      }
      return { items: rows.map(toEdition) };
    },
  }),
  byIdRoute({
    pattern: "/v1/editions/{id}",
    summary: "One edition",
    scope: "competitions",
    tags: ["Editions"],
    label: "Edition",
    response: Edition,
    cacheTtlMs: LIST_TTL,
    load: getEdition,
    present: toEdition,
  }),
];
