import { z } from "zod";
import { notFound } from "@/lib/platform/errors";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { db } from "@/lib/platform/db";
import { operatorActor, operatorRoute } from "@/lib/operator/access";
import { SUSPEND_REASON_MAX, suspendAccount } from "@/lib/operator/suspension";

export const dynamic = "force-dynamic";

const input = z.strictObject({
  reason: z.string().trim().min(1, "A reason is required").max(SUSPEND_REASON_MAX),
});

/** Suspending cuts an account off: a security change, so it needs a recent re-authentication. */
export const POST = operatorRoute(input, async ({ user, body, request, params }) => {
  await requireRecentAuth(db, user);
  const result = await suspendAccount(db, params.id ?? "", body.reason, operatorActor(user, request));
  if (!result.ok) throw notFound("Account");
  return { suspended: true, changed: result.changed };
});
