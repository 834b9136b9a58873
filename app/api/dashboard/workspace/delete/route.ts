import { assertOk } from "@/lib/platform/errors";
import { proveIdentity, requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { deleteInput } from "@/lib/workspaces/inputs";
import { deleteWorkspace } from "@/lib/workspaces/lifecycle";

export const dynamic = "force-dynamic";

/**
 * Deletes the active workspace (owners only; `confirm` is its name, typed): keys and connected
 * apps revoked, webhooks stopped, members removed and mailed. Re-authenticates like a transfer.
 */
export const POST = dashboardRoute("workspace.delete", deleteInput, async ({ user, body, request }) => {
  if (body.password !== undefined || body.code !== undefined)
    await proveIdentity(db, user, body, request.headers.get("x-forwarded-for"));
  else await requireRecentAuth(db, user);
  const done = await deleteWorkspace(
    db,
    { userId: user.id, accountId: user.accountId, role: user.role },
    body.confirm,
    requestOrigin(request),
  );
  assertOk(done);
  return done.value;
});
