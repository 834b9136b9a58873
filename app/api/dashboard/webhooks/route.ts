import { ApiError } from "@/lib/platform/errors";
import { z } from "zod";
import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { dashboardUrlProblem } from "@/lib/webhooks/ssrf";
import { MAX_DESCRIPTION_LENGTH, MAX_URL_LENGTH } from "@/lib/webhooks/config";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";

export const dynamic = "force-dynamic";

export const GET = dashboardRoute("webhooks.read", null, ({ user }) => listEndpoints(db, user.accountId));

const createInput = z.object({
  url: z
    .string()
    .trim()
    .min(1, "URL is required")
    .max(MAX_URL_LENGTH, `URL must be at most ${MAX_URL_LENGTH} characters`),
  description: z
    .string()
    .trim()
    .max(MAX_DESCRIPTION_LENGTH, `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`)
    .default(""),
  /** Empty = every event type. */
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(WEBHOOK_EVENT_TYPES.length).default([]),
  /** odds.moved threshold in percentage points; null or absent = the default. */
  oddsThresholdPp: z.number().finite().nullable().optional(),
});

/** The one response that carries the signing secret: 201, never cached, never logged. */
export const POST = dashboardRoute("webhooks.manage", createInput, async ({ user, body, request }) => {
  const done = await createEndpoint(
    db,
    {
      accountId: user.accountId,
      createdById: user.id,
      url: body.url,
      description: body.description,
      eventTypes: [...new Set(body.eventTypes)],
      oddsThresholdPp: body.oddsThresholdPp ?? null,
    },
    { userId: user.id, ...requestOrigin(request) },
  );
  if (!done.ok) throw new ApiError(done.code, dashboardUrlProblem(done.message, body.url), {}, done.field);
  return jsonResponse(201, { data: done.value }, { Pragma: "no-cache" });
});
