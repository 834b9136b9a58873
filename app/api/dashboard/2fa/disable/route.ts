import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { disableTotp } from "@/lib/auth/totp";
import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

const input = z.object({ code: z.string().trim().min(1, "Enter a code").max(40) });

/** Turns two-factor off; needs a current code or a recovery code. */
export const POST = dashboardRoute(input, async ({ user, body, request }) => {
  const ok = await disableTotp(db, user.id, body.code, {
    accountId: user.accountId,
    ...requestOrigin(request),
  });
  if (!ok) throw new ApiError("INVALID_PARAMETER", "That code is not valid");
  return { enabled: false };
});
