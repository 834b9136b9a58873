import type { z } from "zod";

/**
 * A form's values checked by the request schema its route validates with (lib/<feature>/schemas.ts):
 * the parsed body, or the first problem of each field, keyed as useFormErrors takes them (the
 * field is the issue's first path segment; an issue of no field is the form's own, under "").
 */
export function checkedBy<S extends z.ZodType>(
  schema: S,
  /** The form's state as typed; the schema decides what it is. */
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; problems: Record<string, string> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    problems[field] ??= issue.message;
  }
  return { ok: false, problems };
}
