import { requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { removePasskey } from "@/lib/passkeys/manage";

export const dynamic = "force-dynamic";

/** Removes one of the caller's passkeys (after re-authentication), audited; another user's answers 404. */
export const POST = dashboardRoute("self", null, async ({ user, params, request }) => {
  await requireRecentAuth(db, user);
  const actor = { userId: user.id, accountId: user.homeAccountId, ...requestOrigin(request) };
  await removePasskey(db, actor, params.id);
  return { removed: 1 };
});
