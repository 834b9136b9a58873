import { z } from "zod";
import { ApiError, fieldError } from "@/lib/platform/errors";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { enableTotp } from "@/lib/auth/totp";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

const input = z.object({ code: z.string().trim().min(1, "Enter the code from your app").max(40) });

/** Confirms the app with a valid code: two-factor on, recovery codes returned once. */
export const POST = dashboardRoute("self", input, async ({ user, body, request }) => {
  await requireRecentAuth(db, user);
  const result = await enableTotp(db, user.id, body.code, {
    accountId: user.homeAccountId,
    ...requestOrigin(request),
  });
  if (!result.ok)
    throw result.reason === "invalid_code"
      ? fieldError("code", "That code is not valid. Check your app's clock and try the current code.")
      : new ApiError("CONFLICT", "Two-factor authentication is already on");
  return jsonResponse(200, { data: { recoveryCodes: result.recoveryCodes } }, { Pragma: "no-cache" });
});
