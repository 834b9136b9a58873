import { z } from "zod";
import { getPerson, listPersons, type PersonRow } from "../../repos/persons";
import { normalizeName } from "../../sports/normalize";
import { invalidParameter, notFound } from "../errors";
import { q } from "../request";
import { calendarDay, idField, dayOrNull, page, pathId, strId } from "../shapes";
import { defineRoute, type RouteDef } from "../types";

export const Person = z.object({
  id: idField("person"),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  nationality: z.string().nullable(),
  birth_date: calendarDay.nullable(),
  position: z.string().nullable().describe("Goalkeeper, Defender, Midfielder or Forward for footballers; null otherwise"),
  sport: z.string(),
});

const toPerson = (p: PersonRow): z.infer<typeof Person> => ({
  id: strId(p.id),
  name: p.name,
  first_name: p.firstName,
  last_name: p.lastName,
  nationality: p.nationality,
  birth_date: dayOrNull(p.birthDate),
  position: p.position,
  sport: p.sport,
});

const MAX_WORDS = 8;

/** "Mbappé K" -> ["mbappe", "k"]: the words that must each prefix-match a name token. */
function searchWords(text: string | undefined): string[] {
  if (text === undefined) return [];
  const words = [...new Set(normalizeName(text).split(" ").filter(Boolean))];
  if (words.length === 0) throw invalidParameter("q", "must contain at least one letter or digit");
  if (words.length > MAX_WORDS) throw invalidParameter("q", `may have at most ${MAX_WORDS} words`);
  return words.map((w) => w.slice(0, 40));
}

export const personRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/persons",
    summary: "List or search persons, paged by limit/offset",
    description:
      "Ordered by id, so the loop `offset += limit until offset + items.length >= total` visits every row once. " +
      "`q` is a case- and accent-insensitive word-prefix search: every word of q must start one word of the name " +
      '("mbap" and "kyl mbappe" both find "Kylian Mbappé").',
    tags: ["Persons"],
    query: z.strictObject({
      q: z.string().max(100, "must be at most 100 characters").optional().describe("Search text (word prefixes, any case, accents optional)"),
      limit: q.limit(200, 50),
      offset: q.offset,
    }),
    response: page(Person),
    units: 1,
    cacheTtlMs: 30_000,
    handler: async ({ query }) => {
      const { items, total } = await listPersons(searchWords(query.q), query.limit, query.offset);
      return { items: items.map(toPerson), total };
    },
  }),
  defineRoute({
    pattern: "/v1/persons/{id}",
    summary: "One person",
    tags: ["Persons"],
    query: z.strictObject({}),
    response: Person,
    units: 1,
    cacheTtlMs: 30_000,
    handler: async ({ params }) => {
      const id = pathId(params.id);
      const row = id ? await getPerson(id) : null;
      if (!row) throw notFound(`Person ${params.id}`);
      return toPerson(row);
    },
  }),
];
