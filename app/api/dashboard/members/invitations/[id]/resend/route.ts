import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { resendInvitation } from "@/lib/workspaces/invite";

export const dynamic = "force-dynamic";

/**
 * Sends a pending invitation again with a new link; the earlier link stops working. Once a minute
 * per address (429 with Retry-After). Another workspace's invitation is 404.
 */
export const POST = dashboardRoute("members.manage", null, async ({ user, params, request }) => {
  const invited = await resendInvitation(
    db,
    { userId: user.id, accountId: user.accountId, role: user.role, email: user.email },
    params.id ?? "",
    requestOrigin(request),
    new URL(request.url).origin,
  );
  return jsonResponse(201, { data: invited });
});
