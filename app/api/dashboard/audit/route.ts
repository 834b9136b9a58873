import { z } from "zod";
import { dashboardRoute } from "@/lib/auth/route";
import { auditPage } from "@/lib/audit/views";
import { AUDIT_CATEGORY_NAMES } from "@/lib/audit/labels";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

const auditQuery = z.object({
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  category: z.enum(AUDIT_CATEGORY_NAMES).optional(),
});

export const GET = dashboardRoute("audit.read", auditQuery, ({ user, body }) =>
  auditPage(db, user.accountId, body.limit, body.cursor, body.category),
);
