import { notFound } from "@/lib/platform/errors";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { db } from "@/lib/platform/db";
import { operatorActor, operatorRoute } from "@/lib/operator/access";
import { suspendInput } from "@/lib/operator/schemas";
import { suspendAccount } from "@/lib/operator/suspension";

export const dynamic = "force-dynamic";

/** Suspending cuts an account off: a security change, so it needs a recent re-authentication. */
export const POST = operatorRoute(suspendInput, async ({ user, body, request, params }) => {
  await requireRecentAuth(db, user);
  const result = await suspendAccount(db, params.id ?? "", body.reason, operatorActor(user, request));
  if (!result.ok) throw notFound("Account");
  return { suspended: true, changed: result.changed };
});
