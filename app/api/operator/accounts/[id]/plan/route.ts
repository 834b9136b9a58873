import { z } from "zod";
import { notFound } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { operatorActor, operatorRoute } from "@/lib/operator/access";
import { setAccountPlan } from "@/lib/operator/accounts";
import { isPlanName } from "@/lib/plans";

export const dynamic = "force-dynamic";

const input = z.strictObject({
  plan: z
    .string()
    .max(32)
    .refine((p) => isPlanName(p), "unknown plan"),
});

export const POST = operatorRoute(input, async ({ user, body, request, params }) => {
  const result = await setAccountPlan(db, params.id ?? "", body.plan, operatorActor(user, request));
  if (!result.ok) throw notFound("Account");
  return { plan: body.plan, from: result.from };
});
