import { z } from "zod";
import { assertOk } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { removeMember } from "@/lib/workspaces/members";

export const dynamic = "force-dynamic";

const removeInput = z.object({ revokeKeys: z.boolean().default(false) });

/**
 * Removes a member (`id` is the user's id): their sessions end; the keys they created keep
 * working unless `revokeKeys`. Only an owner removes an owner; the last owner cannot go (409).
 */
export const POST = dashboardRoute("members.manage", removeInput, async ({ user, params, body, request }) => {
  const done = await removeMember(
    db,
    { userId: user.id, accountId: user.accountId, role: user.role },
    params.id ?? "",
    { revokeKeys: body.revokeKeys },
    requestOrigin(request),
  );
  assertOk(done);
  return done.value;
});
