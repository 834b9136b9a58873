import { assertOk } from "@/lib/platform/errors";
import { proveIdentity, requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { transferInput } from "@/lib/workspaces/inputs";
import { transferOwnership } from "@/lib/workspaces/lifecycle";

export const dynamic = "force-dynamic";

/**
 * Makes another member the owner (owners only); the caller stays as an admin. A security change:
 * the password or a code in the body re-authenticates, or the session did within 10 minutes.
 */
export const POST = dashboardRoute("workspace.transfer", transferInput, async ({ user, body, request }) => {
  if (body.password !== undefined || body.code !== undefined)
    await proveIdentity(db, user, body, request.headers.get("x-forwarded-for"));
  else await requireRecentAuth(db, user);
  const done = await transferOwnership(
    db,
    { userId: user.id, accountId: user.accountId, role: user.role },
    body.userId,
    requestOrigin(request),
  );
  assertOk(done);
  return done.value;
});
