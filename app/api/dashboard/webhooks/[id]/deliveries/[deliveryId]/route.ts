import { dashboardRoute } from "@/lib/auth/route";
import { ApiError } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { deliveryDetail } from "@/lib/webhooks/views";

export const dynamic = "force-dynamic";

/** One delivery: the signed payload and each attempt's status, response headers and body (4 KB). */
export const GET = dashboardRoute("webhooks.read", null, async ({ user, params }) => {
  const detail = await deliveryDetail(db, {
    id: params.id,
    accountId: user.accountId,
    deliveryId: params.deliveryId ?? "",
  });
  if (!detail) throw new ApiError("NOT_FOUND", "Delivery not found");
  return detail;
});
