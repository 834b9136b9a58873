import { notFound } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { revokeInvitation } from "@/lib/workspaces/invitations";

export const dynamic = "force-dynamic";

/** Revokes a pending invitation: its link is refused from now on. Another workspace's is 404. */
export const POST = dashboardRoute("members.manage", null, async ({ user, params, request }) => {
  const done = await revokeInvitation(
    db,
    { userId: user.id, accountId: user.accountId, role: user.role },
    params.id ?? "",
    requestOrigin(request),
  );
  if (!done) throw notFound("Invitation");
  return { revoked: true };
});
