import { notFound } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { operatorRoute } from "@/lib/operator/access";
import { accountWithDeletion } from "@/lib/operator/accounts";

export const dynamic = "force-dynamic";

export const GET = operatorRoute(null, async ({ params }) => {
  const account = await accountWithDeletion(db, params.id ?? "");
  if (!account) throw notFound("Account");
  return account;
});
