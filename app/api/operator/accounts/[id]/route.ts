import { notFound } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { operatorRoute } from "@/lib/operator/access";
import { accountDetail } from "@/lib/operator/store/accounts";

export const dynamic = "force-dynamic";

export const GET = operatorRoute(null, async ({ params }) => {
  const account = (params.id ?? "").length <= 64 ? await accountDetail(db, params.id) : null;
  if (!account) throw notFound("Account");
  return account;
});
