import { z } from "zod";
import { ApiError } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { CHANGE_TYPES } from "@/lib/events/types";
import { dashboardUrlProblem } from "@/lib/webhooks/ssrf";
import { MAX_DESCRIPTION_LENGTH, MAX_URL_LENGTH } from "@/lib/webhooks/config";
import { updateEndpoint } from "@/lib/webhooks/edit";

export const dynamic = "force-dynamic";

const patchInput = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, "URL is required")
      .max(MAX_URL_LENGTH, `URL must be at most ${MAX_URL_LENGTH} characters`)
      .optional(),
    description: z
      .string()
      .trim()
      .max(MAX_DESCRIPTION_LENGTH, `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`)
      .optional(),
    /** Empty = every event type. */
    eventTypes: z.array(z.enum(CHANGE_TYPES)).max(CHANGE_TYPES.length).optional(),
    /** odds.moved threshold in percentage points; null = back to the default. */
    oddsThresholdPp: z.number().finite().nullable().optional(),
  })
  .strict();

/**
 * Edits one of the caller's endpoints (URL, description, event types); only the stated fields
 * change, a new URL is checked like a new endpoint's. Another account's endpoint is 404.
 */
export const PATCH = dashboardRoute(
  "webhooks.manage",
  patchInput,
  async ({ user, params, body, request }) => {
    const done = await updateEndpoint(
      db,
      { id: params.id, accountId: user.accountId },
      { ...body, eventTypes: body.eventTypes && [...new Set(body.eventTypes)] },
      { userId: user.id, ...requestOrigin(request) },
    );
    if (!done.ok) throw new ApiError(done.code, dashboardUrlProblem(done.message, body.url), {}, done.field);
    return done.value;
  },
);
