import { assertOk } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { removeMember } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";

/** Leaves the active workspace; the last owner cannot (409). The keys you created stay. */
export const POST = dashboardRoute("self", null, async ({ user, request }) => {
  const done = await removeMember(
    db,
    { userId: user.id, accountId: user.accountId, role: user.role },
    user.id,
    { revokeKeys: false },
    requestOrigin(request),
  );
  assertOk(done);
  return { left: true };
});
