import { z } from "zod";
import { envInt } from "../platform/config";

/**
 * The feed's own clock: every write carries it; an older one than stored is ignored. One further
 * ahead of the server's clock than INGEST_MAX_FEED_SKEW_S is refused: accepted, it would make every
 * later (correct) update of the same thing look older and be ignored.
 */
export const feedAt = z.iso
  .datetime({ offset: true, error: "must be an ISO-8601 date-time with a zone, e.g. 2026-11-25T19:30:00Z" })
  .transform((s, ctx) => {
    const at = new Date(s);
    const skew = envInt("INGEST_MAX_FEED_SKEW_S");
    if (at.getTime() > Date.now() + skew * 1000) {
      ctx.issues.push({
        code: "custom",
        input: s,
        message: `is in the future: at most ${skew} s ahead of the server's clock (${new Date().toISOString()}) is accepted`,
      });
      return z.NEVER;
    }
    return at;
  })
  .describe(
    "The feed's timestamp of this update; an update older than the stored one is ignored, one more than INGEST_MAX_FEED_SKEW_S (default 300 s) in the future is 400",
  );

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
  reason: z.string().optional().describe("Why the write was ignored (present when `ignored` is true)"),
  matched: z
    .object({ id: z.string(), rule: z.string() })
    .optional()
    .describe("A new id that joined an existing row (created false): that row and the rule that matched it"),
});
