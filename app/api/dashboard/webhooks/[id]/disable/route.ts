import { assertOk } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { setEndpointDisabled } from "@/lib/webhooks/endpoints";

export const dynamic = "force-dynamic";

/** Disables one of the caller's endpoints (reversible, audited); another account's endpoint is 404. */
export const POST = dashboardRoute("webhooks.manage", null, async ({ user, params, request }) => {
  const ref = { id: params.id, accountId: user.accountId };
  const actor = { userId: user.id, ...requestOrigin(request) };
  const done = await setEndpointDisabled(db, ref, true, actor);
  assertOk(done);
  return done.value;
});
