import { db } from "@/lib/platform/db";
import { operatorRoute } from "@/lib/operator/access";
import { searchAccounts } from "@/lib/operator/accounts";
import { accountSearchQuery } from "@/lib/operator/schemas";

export const dynamic = "force-dynamic";

export const GET = operatorRoute(accountSearchQuery, ({ body }) => searchAccounts(db, body.q, body.page));
