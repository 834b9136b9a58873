import { notFound } from "@/lib/platform/errors";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { db } from "@/lib/platform/db";
import { operatorActor, operatorRoute } from "@/lib/operator/access";
import { reinstateAccount } from "@/lib/operator/suspension";

export const dynamic = "force-dynamic";

export const POST = operatorRoute(null, async ({ user, request, params }) => {
  await requireRecentAuth(db, user);
  const result = await reinstateAccount(db, params.id ?? "", operatorActor(user, request));
  if (!result.ok) throw notFound("Account");
  return { suspended: false, changed: result.changed };
});
