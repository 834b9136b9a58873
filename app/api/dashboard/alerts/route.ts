import { dashboardRoute } from "@/lib/auth/route";
import { listAlerts } from "@/lib/alerts/list";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

/** The account's alerts (newest 50) and the unread count, for the header bell and the Alerts page. */
export const GET = dashboardRoute("alerts.read", null, ({ user }) => listAlerts(db, user.accountId));
