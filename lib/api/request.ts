import { z } from "zod";
import { normalizeName } from "../sports/normalize";
import { isoInZone, isTimeZone } from "../sports/time";
import { invalidParameter } from "../platform/errors";

/**
 * Validates the query string against a route's zod schema (Umami's parseRequest, framework-free).
 * A parameter given twice, an unknown parameter or a bad value is a 400 naming the parameter.
 */
export function parseQuery<S extends z.ZodType>(query: URLSearchParams, schema: S): z.output<S> {
  // No prototype: `constructor`, `toString` or `__proto__` given once are keys like any other.
  const raw = Object.create(null) as Record<string, string>;
  for (const [name, value] of query) {
    if (Object.hasOwn(raw, name)) throw invalidParameter(name, "given more than once");
    raw[name] = value;
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue.code === "unrecognized_keys") throw invalidParameter(issue.keys[0], "unknown parameter");
  const name = String(issue.path[0] ?? "query");
  throw invalidParameter(name, issue.message);
}

const DAY_MS = 86_400_000;
/** Spec §7 allows any limit ≥ 1; the message says why 0 is refused. */
export const LIMIT_ZERO = "must be at least 1 (a page of 0 rows would never advance a paging loop)";
const MAX_OFFSET = 1e15;

/**
 * The OpenAPI schema of a query field whose wire form (a string) differs from what it means (an
 * integer, a date): lib/docs/openapi.ts documents this instead of the string the parser reads.
 */
export const paramSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();
function documented<T extends z.ZodType>(schema: T, json: Record<string, unknown>): T {
  paramSchemas.set(schema, json);
  return schema;
}
const isRealDate = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
};

/**
 * What a name looks like where a record's id is asked for (lib/api/slugs.ts reads it as the id): a
 * competition's slug or league code, an edition as its competition's key and season, a team's slug.
 */
export const NAME_PATTERNS = {
  competition: "[a-z0-9][a-z0-9.-]{0,79}",
  edition: "([a-z0-9][a-z0-9.-]*?)-([0-9]{4}(?:-[0-9]{2}|-[0-9]{4})?)",
  team: "[a-z0-9]+(?:-[a-z0-9]+)*",
} as const;
export type NamedKind = keyof typeof NAME_PATTERNS;
export const NAME_EXAMPLES: Record<NamedKind, string> = {
  competition: "slug (world-cup) or league code (en.1)",
  edition: "competition slug or code and season (world-cup-2022, premier-league-2024-25, en.1-2024)",
  team: "slug (argentina, bayern-munchen)",
};
/** The OpenAPI schema of an id that may be given as a name. */
export const idOrName = (kind: NamedKind): Record<string, unknown> => ({
  type: "string",
  pattern: `^([1-9][0-9]{0,9}|${NAME_PATTERNS[kind]})$`,
  maxLength: 90,
});

/** A query field taking a record's id or its name: `what` says what it selects. */
function ref(kind: NamedKind, what: string) {
  const description = `${what}: its id or its ${NAME_EXAMPLES[kind]}`;
  return {
    optional: documented(q.id.optional(), { ...idOrName(kind), description }),
    required: documented(q.id, { ...idOrName(kind), description }),
  };
}

/** Reusable query fields; every list schema is built from these so rules stay uniform. */
export const q = {
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, "must be a positive integer id")
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, "must be a positive integer id"),
  /** Rows per page: any number of digits (spec §7: above the maximum is clamped, not an error). */
  limit: (max: number, fallback: number) =>
    documented(
      z
        .string()
        .regex(/^[0-9]+$/, "must be a positive integer")
        .refine((v) => /[1-9]/.test(v), LIMIT_ZERO)
        .transform((v) => (v.replace(/^0+/, "").length > 15 ? max : Math.min(Number(v), max)))
        .optional()
        .transform((v) => v ?? fallback),
      {
        type: "integer",
        minimum: 1,
        default: fallback,
        description: `Rows per page; default ${fallback}. Any value above ${max} (any number of digits) is clamped to ${max} silently; 0 is a 400 because a page of 0 rows never advances a paging loop.`,
      },
    ),
  /** Rows to skip: any number of digits; past the end is an empty page, never an error. */
  offset: documented(
    z
      .string()
      .regex(/^[0-9]+$/, "must be a non-negative integer")
      // Past 2^53 no table has that many rows: every such offset reads as "past the end".
      .transform((v) => (v.replace(/^0+/, "").length > 15 ? MAX_OFFSET : Math.min(Number(v), MAX_OFFSET)))
      .optional()
      .transform((v) => v ?? 0),
    {
      type: "integer",
      minimum: 0,
      default: 0,
      description: "Rows to skip; default 0, no maximum (an offset past the last row returns an empty page)",
    },
  ),
  /** A UTC calendar day; transforms to its first millisecond. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date in YYYY-MM-DD form")
    .refine(isRealDate, "is not a real date")
    .transform((v) => new Date(`${v}T00:00:00Z`))
    .meta({ format: "date", maxLength: 10 }),
  instant: z
    .string()
    .max(40)
    // Date.parse rolls impossible days over (2023-02-29 -> March 1): the calendar day must exist too.
    .refine(
      (v) =>
        /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
        !Number.isNaN(Date.parse(v)) &&
        isRealDate(v.slice(0, 10)),
      "must be an ISO-8601 date-time",
    )
    .transform((v) => new Date(v))
    .meta({ format: "date-time" }),
  /** A decimal number such as 2.35 or -0.25 (prices, lines, thresholds). */
  decimal: z
    .string()
    .max(20)
    .regex(/^-?\d+(\.\d+)?$/, "must be a decimal number such as 2.35")
    .transform(Number),
  bool: z.enum(["true", "false"], { error: "must be true or false" }).transform((v) => v === "true"),
  /** An IANA zone kick-off times are written in (the times stay the same instants). */
  timezone: z
    .string()
    .max(64, "must be an IANA time zone such as Europe/London")
    .refine(isTimeZone, "must be an IANA time zone such as Europe/London")
    .optional()
    .describe(
      "Write kick-off times with this IANA zone's offset (Asia/Qatar: 2022-12-18T18:00:00+03:00, the same instant as 2022-12-18T15:00:00.000Z); default UTC",
    ),
  /** Short lower-case codes such as bookmaker or market keys. */
  code: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,39}$/, "must be a lower-case code of at most 40 characters"),
};

const MAX_WORDS = 8;

/** "Mbappé K" -> ["mbappe", "k"]: the words that must each prefix-match a name token. */
export function searchWords(text: string | undefined): string[] {
  if (text === undefined) return [];
  const words = [...new Set(normalizeName(text).split(" ").filter(Boolean))];
  if (words.length === 0) throw invalidParameter("q", "must contain at least one letter or digit");
  if (words.length > MAX_WORDS) throw invalidParameter("q", `may have at most ${MAX_WORDS} words`);
  return words.map((w) => w.slice(0, 40));
}

export { DAY_MS };

/** Query fields taking a competition, edition or team by id or name (lib/api/slugs.ts). */
export const refs = {
  competition: (what: string) => ref("competition", what).optional,
  edition: (what: string) => ref("edition", what).optional,
  team: (what: string) => ref("team", what).optional,
  requiredTeam: (what: string) => ref("team", what).required,
};

/** An ISO-8601 instant as the `timezone` parameter asks for it (unchanged without one). */
export const inZone = (instant: string, zone: string | undefined): string =>
  zone === undefined ? instant : isoInZone(new Date(instant), zone);
