import { z } from "zod";
import { invalidParameter } from "./errors";

/**
 * Validates the query string against a route's zod schema (Umami's parseRequest, framework-free).
 * A parameter given twice, an unknown parameter or a bad value is a 400 naming the parameter.
 */
export function parseQuery<S extends z.ZodType>(query: URLSearchParams, schema: S): z.output<S> {
  const raw: Record<string, string> = {};
  for (const [name, value] of query) {
    if (name in raw) throw invalidParameter(name, "given more than once");
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
const isRealDate = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
};

/** Reusable query fields; every list schema is built from these so rules stay uniform. */
export const q = {
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, "must be a positive integer id")
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, "must be a positive integer id"),
  limit: (max: number, fallback: number) =>
    z
      .string()
      .regex(/^[0-9]{1,15}$/, "must be a non-negative integer")
      .transform((v) => Math.min(Number(v), max))
      .optional()
      .transform((v) => v ?? fallback)
      .describe(`Rows per page; default ${fallback}, values above ${max} are clamped to ${max} silently`),
  /** Like limit, but 0 is meaningless for cursor paging and boards. */
  positiveLimit: (max: number, fallback: number) =>
    z
      .string()
      .regex(/^[1-9][0-9]{0,14}$/, "must be a positive integer")
      .transform((v) => Math.min(Number(v), max))
      .optional()
      .transform((v) => v ?? fallback)
      .describe(`Maximum rows; default ${fallback}, values above ${max} are clamped to ${max} silently`),
  offset: z
    .string()
    .regex(/^[0-9]{1,15}$/, "must be a non-negative integer")
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n), "is too large")
    .optional()
    .transform((v) => v ?? 0)
    .describe("Rows to skip; default 0, no maximum"),
  /** A UTC calendar day; transforms to its first millisecond. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date in YYYY-MM-DD form")
    .refine(isRealDate, "is not a real date")
    .transform((v) => new Date(`${v}T00:00:00Z`)),
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
    .transform((v) => new Date(v)),
  bool: z.enum(["true", "false"], { error: "must be true or false" }).transform((v) => v === "true"),
  /** Short lower-case codes such as bookmaker or market keys. */
  code: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,39}$/, "must be a lower-case code of at most 40 characters"),
};

export { DAY_MS };
