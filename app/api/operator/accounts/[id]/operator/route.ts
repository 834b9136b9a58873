import { notFound } from "@/lib/platform/errors";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { db } from "@/lib/platform/db";
import { operatorActor, operatorRoute } from "@/lib/operator/access";
import { setAccountOperator } from "@/lib/operator/accounts";
import { operatorFlagInput } from "@/lib/operator/schemas";

export const dynamic = "force-dynamic";

/** Operator rights open the console and ingest keys: re-authentication first. */
export const POST = operatorRoute(operatorFlagInput, async ({ user, body, request, params }) => {
  await requireRecentAuth(db, user);
  const found = await setAccountOperator(db, params.id ?? "", body.operator, operatorActor(user, request));
  if (!found) throw notFound("Account");
  return { operator: body.operator };
});
