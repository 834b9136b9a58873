import { dashboardRoute } from "@/lib/auth/route";
import { accountFilters, logFiltersQuery } from "@/lib/requestlog/filters";
import { db } from "@/lib/platform/db";
import { requestLogPage, toCsv } from "@/lib/requestlog/query";

export const dynamic = "force-dynamic";

/** Rows per export: a bounded response; narrow the time range for more (said in X-Truncated). */
const MAX_ROWS = 10_000;

/** The filtered rows as CSV (RFC 4180, formula-safe), newest first. */
export const GET = dashboardRoute("logs.read", logFiltersQuery, async ({ user, body }) => {
  const page = await requestLogPage(db, accountFilters(user.accountId, body), MAX_ROWS);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return new Response(toCsv(page.items), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statline-requests-${stamp}.csv"`,
      "Cache-Control": "no-store",
      "X-Truncated": page.nextCursor ? "true" : "false",
    },
  });
});
