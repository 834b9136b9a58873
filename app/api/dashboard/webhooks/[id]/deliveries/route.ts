import { dashboardRoute } from "@/lib/auth/route";
import { notFound } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { listDeliveries } from "@/lib/webhooks/views";

export const dynamic = "force-dynamic";

/** The endpoint's newest 50 deliveries with their last attempts (status code, latency). */
export const GET = dashboardRoute("webhooks.read", null, async ({ user, params }) => {
  const deliveries = await listDeliveries(db, { id: params.id, accountId: user.accountId });
  if (!deliveries) throw notFound("Webhook endpoint");
  return deliveries;
});
