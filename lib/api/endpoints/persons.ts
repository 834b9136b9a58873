import { z } from "zod";
import { getPerson, listPersons, PERSON, type PersonTuple } from "../../sports/store/persons";
import { byIdRoute } from "../by-id";
import { q, searchWords } from "../request";
import { pageJson, rowWriter } from "../serialize";
import { calendarDay, idField, page } from "../shapes";
import { defineRoute, RawJson, type RouteDef } from "../types";

export const Person = z.object({
  id: idField("person"),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  nationality: z.string().nullable(),
  birth_date: calendarDay.nullable(),
  position: z
    .string()
    .nullable()
    .describe("Goalkeeper, Defender, Midfielder or Forward for footballers; null otherwise"),
  sport: z.string(),
  demo: z
    .boolean()
    .describe("Generated demo data (removed with `statline demo remove`); real data is listed first"),
});

/** A Person as JSON, written from its row by the schema's compiled writer. */
const at = PERSON.at;
export const personJson = rowWriter<typeof Person, PersonTuple>(Person, {
  id: at.id,
  name: at.name,
  first_name: at.firstName,
  last_name: at.lastName,
  nationality: at.nationality,
  birth_date: at.birthDate,
  position: at.position,
  sport: at.sport,
  demo: at.demo,
});

export const personRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/persons",
    summary: "List or search persons, paged by limit/offset",
    description:
      "Imported persons first, then the generated demo set (`demo: true`), each by id, so the loop `offset += limit until offset + items.length >= total` visits every row once. " +
      "`q` is a case- and accent-insensitive word-prefix search: every word of q must start one word of the name " +
      '("mbap" and "kyl mbappe" both find "Kylian Mbappé"). `sport` keeps the persons of one sport (e.g. tennis, ' +
      "whose players carry odds history); it combines with q, and total counts the filtered rows.",
    scope: "persons",
    tags: ["Persons"],
    query: z.strictObject({
      q: z
        .string()
        .max(100, "must be at most 100 characters")
        .optional()
        .describe("Search text (word prefixes, any case, accents optional)"),
      sport: q.code.optional().describe("Only persons of this sport, e.g. football or tennis"),
      limit: q.limit(200, 50),
      offset: q.offset,
    }),
    response: page(Person, 200),
    group: "reference",
    cacheTtlMs: 30_000,
    handler: async ({ query, db }) => {
      const { rows, total } = await listPersons(
        db,
        searchWords(query.q),
        query.sport,
        query.limit,
        query.offset,
      );
      return new RawJson(pageJson(rows, personJson, total));
    },
  }),
  byIdRoute({
    pattern: "/v1/persons/{id}",
    summary: "One person",
    scope: "persons",
    tags: ["Persons"],
    group: "reference",
    label: "Person",
    response: Person,
    cacheTtlMs: 30_000,
    load: getPerson,
    present: (row) => new RawJson(personJson(row)),
  }),
];
