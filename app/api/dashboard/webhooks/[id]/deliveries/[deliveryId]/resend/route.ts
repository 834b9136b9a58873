import { assertOk } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { resendDelivery } from "@/lib/webhooks/endpoints";
import { wakeWebhooks } from "@/lib/webhooks/worker";

export const dynamic = "force-dynamic";

/** Sends one delivery again now (audited); another account's delivery is 404. */
export const POST = dashboardRoute("webhooks.manage", null, async ({ user, params, request }) => {
  const ref = { id: params.id, accountId: user.accountId };
  const actor = { userId: user.id, ...requestOrigin(request) };
  const done = await resendDelivery(db, { ...ref, deliveryId: params.deliveryId }, actor);
  assertOk(done);
  wakeWebhooks();
  return done.value;
});
