import { z } from "zod";
import { db } from "@/lib/platform/db";
import { operatorRoute } from "@/lib/operator/access";
import { SEARCH_MAX, searchAccounts } from "@/lib/operator/accounts";

export const dynamic = "force-dynamic";

const query = z.object({
  q: z.string().max(SEARCH_MAX).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const GET = operatorRoute(query, ({ body }) => searchAccounts(db, body.q, body.page));
