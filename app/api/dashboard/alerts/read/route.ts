import { z } from "zod";
import { dashboardRoute } from "@/lib/auth/route";
import { markAlertsRead } from "@/lib/alerts/list";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

const input = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ ids: z.array(z.string().min(1).max(40)).min(1).max(100) }),
]);

/**
 * Marks alerts read (CSRF-checked like every dashboard mutation). Read state is the workspace's,
 * shared by every member, so only those who manage alerts may change it: a viewer could otherwise
 * hide a `key.leaked` alert from the owners.
 */
export const POST = dashboardRoute("alerts.manage", input, async ({ user, body }) => {
  const marked = await markAlertsRead(db, user.accountId, "all" in body ? "all" : body.ids);
  return { marked };
});
