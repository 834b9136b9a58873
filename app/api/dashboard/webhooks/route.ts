import { ApiError } from "@/lib/platform/errors";
import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { dashboardUrlProblem } from "@/lib/webhooks/ssrf";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { createEndpointInput } from "@/lib/webhooks/schemas";

export const dynamic = "force-dynamic";

export const GET = dashboardRoute("webhooks.read", null, ({ user }) => listEndpoints(db, user.accountId));

/** The one response that carries the signing secret: 201, never cached, never logged. */
export const POST = dashboardRoute(
  "webhooks.manage",
  createEndpointInput,
  async ({ user, body, request }) => {
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
  },
);
