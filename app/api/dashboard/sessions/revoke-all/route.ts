import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { revokeSessions } from "@/lib/auth/sessions";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

/** "Sign out everywhere": ends every session of the caller, this one included. */
export const POST = dashboardRoute("self", null, async ({ user, request }) => {
  const actor = { userId: user.id, accountId: user.homeAccountId, ...requestOrigin(request) };
  return { revoked: await revokeSessions(db, actor, null) };
});
