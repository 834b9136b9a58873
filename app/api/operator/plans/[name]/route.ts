import { ApiError } from "@/lib/platform/errors";
import { requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { operatorRoute } from "@/lib/operator/access";
import { PLAN_NAME, planInput, savePlan } from "@/lib/plans/catalogue";

export const dynamic = "force-dynamic";

/** Creates or replaces a plan; every instance applies it within PLAN_POLL_MS. */
export const PUT = operatorRoute(planInput, async ({ user, body, request, params }) => {
  const name = params.name ?? "";
  if (!PLAN_NAME.test(name)) throw new ApiError("INVALID_PARAMETER", "name: plan names are lower-case words");
  return savePlan(db, name, body, {
    accountId: user.accountId,
    userId: user.id,
    name: user.email,
    ...requestOrigin(request),
  });
});
