import { z } from "zod";
import { notFound } from "@/lib/platform/errors";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { db } from "@/lib/platform/db";
import { operatorActor, operatorRoute } from "@/lib/operator/access";
import { setAccountOperator } from "@/lib/operator/accounts";

export const dynamic = "force-dynamic";

const input = z.strictObject({ operator: z.boolean() });

/** Operator rights open the console and ingest keys: re-authentication first. */
export const POST = operatorRoute(input, async ({ user, body, request, params }) => {
  await requireRecentAuth(db, user);
  const found = await setAccountOperator(db, params.id ?? "", body.operator, operatorActor(user, request));
  if (!found) throw notFound("Account");
  return { operator: body.operator };
});
