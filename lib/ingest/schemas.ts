import { z } from "zod";

/** The feed's own clock: every write carries it; an older one than stored is ignored. */
export const feedAt = z.iso
  .datetime({ offset: true, error: "must be an ISO-8601 date-time with a zone, e.g. 2026-11-25T19:30:00Z" })
  .transform((s) => new Date(s))
  .describe("The feed's timestamp of this update; an update older than the stored one is ignored");

export const externalId = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(120, "must be at most 120 characters")
  .describe("The feed's own identifier");

export const name = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters");
export const country = z.string().trim().max(60).nullable().optional();

export const Accepted = z.object({
  id: z.string().describe("The Statline id"),
  created: z.boolean(),
  changed: z.boolean().describe("false: the same state again, or ignored as older than stored"),
  ignored: z.boolean().describe("true when the update was older than the stored one (nothing written)"),
});
