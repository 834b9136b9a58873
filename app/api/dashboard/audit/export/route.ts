import { z } from "zod";
import { dashboardRoute } from "@/lib/auth/route";
import { auditCsv, auditPage } from "@/lib/audit/views";
import { AUDIT_CATEGORY_NAMES } from "@/lib/audit/labels";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

/** Events per export, as for the logs' export: a bounded response (X-Truncated says when cut). */
const MAX_ROWS = 10_000;

const exportQuery = z.object({ category: z.enum(AUDIT_CATEGORY_NAMES).optional() });

/** The account's audit events (optionally one category) as CSV, newest first. */
export const GET = dashboardRoute("audit.read", exportQuery, async ({ user, body }) => {
  const page = await auditPage(db, user.accountId, MAX_ROWS, undefined, body.category);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return new Response(auditCsv(page.items), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statline-audit-${stamp}.csv"`,
      "Cache-Control": "no-store",
      "X-Truncated": page.nextCursor ? "true" : "false",
    },
  });
});
