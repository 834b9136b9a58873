import { assertOk } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { setEndpointDisabled } from "@/lib/webhooks/endpoints";
import { wakeWebhooks } from "@/lib/webhooks/worker";

export const dynamic = "force-dynamic";

/** Enables one of the caller's endpoints again (audited); held deliveries are sent now. */
export const POST = dashboardRoute("webhooks.manage", null, async ({ user, params, request }) => {
  const ref = { id: params.id, accountId: user.accountId };
  const actor = { userId: user.id, ...requestOrigin(request) };
  const done = await setEndpointDisabled(db, ref, false, actor);
  assertOk(done);
  wakeWebhooks();
  return done.value;
});
