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

/** Reusable query fields; every list schema is built from these so rules stay uniform. */
export const q = {
  id: z.string().regex(/^[1-9][0-9]{0,9}$/, "must be a positive integer id").transform(Number),
  limit: (max: number, fallback: number) =>
    z
      .string()
      .regex(/^[0-9]{1,15}$/, "must be a non-negative integer")
      .transform((v) => Math.min(Number(v), max))
      .optional()
      .transform((v) => v ?? fallback),
  offset: z
    .string()
    .regex(/^[0-9]{1,15}$/, "must be a non-negative integer")
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n), "is too large")
    .optional()
    .transform((v) => v ?? 0),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date in YYYY-MM-DD form")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "is not a real date"),
  instant: z
    .string()
    .max(40)
    .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), "must be an ISO-8601 date-time")
    .transform((v) => new Date(v)),
};
