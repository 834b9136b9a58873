import { ApiError } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { dashboardUrlProblem } from "@/lib/webhooks/ssrf";
import { updateEndpoint } from "@/lib/webhooks/edit";
import { endpointPatchInput } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

/**
 * Edits one of the caller's endpoints (URL, description, event types); only the stated fields
 * change, a new URL is checked like a new endpoint's. Another account's endpoint is 404.
 */
export const PATCH = dashboardRoute(
  "webhooks.manage",
  endpointPatchInput,
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
