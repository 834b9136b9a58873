import { z } from "zod";
import { getCompetition, listCompetitions, type CompetitionTuple } from "../../repos/competitions";
import { expectedContests } from "../../sports/leagues";
import { normalizeName, slugify } from "../../sports/normalize";
import { COVERAGE_KINDS } from "../../repos/coverage";
import { getEdition, listEditions, type EditionTuple } from "../../repos/editions";
import { notFound } from "../../platform/errors";
import { q, refs, searchWords } from "../request";
import { calendarDay, idField, list, refField } from "../shapes";
import { byIdRoute } from "../by-id";
import { listJson, rowWriter, type Columns } from "../serialize";
import { defineRoute, RawJson, type RouteDef } from "../types";

export const Coverage = z
  .object(
    Object.fromEntries(COVERAGE_KINDS.map((k) => [k, z.boolean()])) as Record<
      (typeof COVERAGE_KINDS)[number],
      z.ZodBoolean
    >,
  )
  .describe("Which data exists: results, match events, lineups, team match stats, player match stats, odds");

/** The coverage object from the six flags that end the row, starting at column `from`. */
const coverageAt = <T>(from: number) =>
  rowWriter<typeof Coverage, T>(
    Coverage,
    Object.fromEntries(COVERAGE_KINDS.map((k, i) => [k, from + i])) as Columns<typeof Coverage, T>,
  );

export const Competition = z.object({
  id: idField("competition"),
  slug: z.string(),
  name: z.string(),
  sport: z.string().describe("e.g. football, tennis"),
  kind: z.string().describe("team or individual"),
  format: z.string().describe("league, knockout or league_knockout"),
  country: z.string().nullable(),
  current_edition_id: refField("current edition (season)"),
  demo: z
    .boolean()
    .describe("Generated demo data (removed with `statline demo remove`); real data is listed first"),
  coverage: Coverage,
});

export const Edition = z.object({
  id: idField("edition"),
  competition_id: idField("competition"),
  slug: z
    .string()
    .describe(
      "The competition's slug and the season (world-cup-2022, premier-league-2024-25): accepted wherever an edition id is",
    ),
  name: z.string().describe('Season label, e.g. "2024/25" or "2025"'),
  start_date: calendarDay,
  end_date: calendarDay,
  current: z.boolean().describe("The competition's running (or latest) edition"),
  contests: z
    .object({
      present: z.number().int().describe("Contests the edition holds"),
      expected: z
        .number()
        .int()
        .nullable()
        .describe(
          "Contests a season of this league has (its rules, else a double round robin: N·(N−1) for N teams); null for cups and tournaments",
        ),
      missing: z
        .number()
        .int()
        .nullable()
        .describe("expected − present when the data lacks contests (0 when complete); null when expected is"),
    })
    .describe("Whether the data holds the whole season"),
  coverage: Coverage,
});

/** A Competition as JSON, written from its row by the schema's compiled writer. */
export const competitionJson = rowWriter<typeof Competition, CompetitionTuple>(Competition, {
  id: 0,
  slug: 1,
  name: 2,
  sport: 3,
  kind: 4,
  format: 5,
  country: 6,
  current_edition_id: 7,
  demo: 8,
  coverage: coverageAt<CompetitionTuple>(9),
});

/** An Edition as JSON, written from its row by the schema's compiled writer. */
export const editionJson = rowWriter<typeof Edition, EditionTuple>(Edition, {
  id: 0,
  competition_id: 1,
  slug: (row) => JSON.stringify(`${row[8].split("|")[3]}-${slugify(row[2])}`),
  name: 2,
  start_date: 3,
  end_date: 4,
  current: 5,
  contests: (row) => {
    const [format, kind, code] = row[8].split("|");
    const present = Number(row[6]);
    const expected = expectedContests({ format, kind, code: code || null }, Number(row[7]));
    const missing = expected === null ? null : Math.max(0, expected - present);
    return JSON.stringify({ present, expected, missing });
  },
  coverage: coverageAt<EditionTuple>(9),
});

const LIST_TTL = 30_000;

export const competitionRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/competitions",
    summary: "List competitions (a small catalogue, returned whole)",
    description:
      "Imported competitions first, then the generated demo set (`demo: true`), each by id. `q` keeps the " +
      'competitions whose name or slug contains every word of it ("world cup", "premier").',
    scope: "competitions",
    tags: ["Competitions"],
    query: z.strictObject({
      sport: q.code.optional().describe("Only competitions of this sport, e.g. football"),
      q: z
        .string()
        .max(100, "must be at most 100 characters")
        .optional()
        .describe("Search text: words of the competition's name or slug, any case, accents optional"),
    }),
    response: list(Competition),
    group: "reference",
    cacheTtlMs: LIST_TTL,
    // The coverage flags include "odds".
    readsOdds: true,
    handler: async ({ query, db }) => {
      const words = searchWords(query.q);
      const rows = (await listCompetitions(db, query.sport)).filter((c) => {
        const text = `${normalizeName(c[2])} ${normalizeName(c[1].replace(/-/g, " "))}`;
        return words.every((w) => text.includes(w));
      });
      return new RawJson(listJson(rows, competitionJson));
    },
  }),
  byIdRoute({
    pattern: "/v1/competitions/{id}",
    summary: "One competition",
    scope: "competitions",
    tags: ["Competitions"],
    group: "reference",
    label: "Competition",
    response: Competition,
    cacheTtlMs: LIST_TTL,
    // The coverage flags include "odds".
    readsOdds: true,
    load: getCompetition,
    present: (row) => new RawJson(competitionJson(row)),
  }),
  defineRoute({
    pattern: "/v1/editions",
    summary: "List editions (seasons), optionally of one competition",
    scope: "competitions",
    tags: ["Editions"],
    query: z.strictObject({
      competition: refs.competition("Only the editions of this competition"),
      current: q.bool.optional().describe("true: only current editions; false: only past ones"),
    }),
    response: list(Edition),
    group: "reference",
    cacheTtlMs: LIST_TTL,
    // The coverage flags include "odds".
    readsOdds: true,
    handler: async ({ query, db }) => {
      const rows = await listEditions(db, { competitionId: query.competition, current: query.current });
      if (!rows) throw notFound(`Competition ${query.competition} (parameter 'competition')`);
      return new RawJson(listJson(rows, editionJson));
    },
  }),
  byIdRoute({
    pattern: "/v1/editions/{id}",
    summary: "One edition",
    scope: "competitions",
    tags: ["Editions"],
    group: "reference",
    label: "Edition",
    response: Edition,
    cacheTtlMs: LIST_TTL,
    // The coverage flags include "odds".
    readsOdds: true,
    load: getEdition,
    present: (row) => new RawJson(editionJson(row)),
  }),
];
