import { z } from "zod";
import { ApiError } from "@/lib/platform/errors";
import { dashboardRoute } from "@/lib/auth/route";
import { accountFilters, logFiltersQuery } from "@/lib/requestlog/filters";
import { db } from "@/lib/platform/db";
import { decodeLogCursor, requestLogPage } from "@/lib/requestlog/query";

export const dynamic = "force-dynamic";

const query = logFiltersQuery.extend({
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The signed-in account's request log, newest first; filters narrow it, never widen it. */
export const GET = dashboardRoute("logs.read", query, ({ user, body }) => {
  const { cursor: raw, limit, ...filters } = body;
  const cursor = raw ? decodeLogCursor(raw) : undefined;
  if (cursor === null) throw new ApiError("INVALID_PARAMETER", "cursor: is not a cursor this page issued");
  return requestLogPage(db, accountFilters(user.accountId, filters), limit, cursor);
});
