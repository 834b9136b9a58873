import { z } from "zod";
import { assertOk } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { changeRole } from "@/lib/workspaces/members";
import { ROLES } from "@/lib/workspaces/permissions";

export const dynamic = "force-dynamic";

const roleInput = z.object({ role: z.enum(ROLES) });

/** Changes a member's role (`id` is the user's id). Escalation is 403; the last owner 409. */
export const PATCH = dashboardRoute("members.manage", roleInput, async ({ user, params, body, request }) => {
  const done = await changeRole(
    db,
    { userId: user.id, accountId: user.accountId, role: user.role },
    params.id ?? "",
    body.role,
    requestOrigin(request),
  );
  assertOk(done);
  return done.value;
});
