import { notFound } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { revokeSessions } from "@/lib/auth/sessions";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

/** Ends one of the caller's sessions; another user's session answers 404 like a missing one. */
export const POST = dashboardRoute("self", null, async ({ user, params, request }) => {
  const actor = { userId: user.id, accountId: user.homeAccountId, ...requestOrigin(request) };
  const revoked = await revokeSessions(db, actor, params.id);
  if (revoked === 0) throw notFound("Session");
  return { revoked };
});
