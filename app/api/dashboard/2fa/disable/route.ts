import { z } from "zod";
import { fieldError } from "@/lib/platform/errors";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { throttledSecondFactor, tooManyCodes } from "@/lib/auth/second-factor";
import { disableTotp } from "@/lib/auth/totp";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

const input = z.object({ code: z.string().trim().min(1, "Enter a code").max(40) });

/**
 * Turns two-factor off: needs a recent re-authentication and a current code or a recovery code,
 * tried under the per-user code throttle (400 wrong codes in 10.8 s were never refused before).
 */
export const POST = dashboardRoute("self", input, async ({ user, body, request }) => {
  await requireRecentAuth(db, user);
  const result = await throttledSecondFactor(user.id, () =>
    disableTotp(db, user.id, body.code, { accountId: user.homeAccountId, ...requestOrigin(request) }),
  );
  if ("retryAfterMs" in result) throw tooManyCodes(result.retryAfterMs);
  if (!result.ok) throw fieldError("code", "That code is not valid");
  return { enabled: false };
});
