import { assertOk } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { sendTestEvent } from "@/lib/webhooks/endpoints";
import { wakeWebhooks } from "@/lib/webhooks/worker";

export const dynamic = "force-dynamic";

/** Sends a test event to one of the caller's endpoints now, without waiting for the next poll. */
export const POST = dashboardRoute("webhooks.manage", null, async ({ user, params, request }) => {
  const ref = { id: params.id, accountId: user.accountId };
  const actor = { userId: user.id, ...requestOrigin(request) };
  const done = await sendTestEvent(db, ref, actor);
  assertOk(done);
  wakeWebhooks();
  return done.value;
});
