import { dashboardRoute } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { listConnectedApps } from "@/lib/oauth/connected";

export const dynamic = "force-dynamic";

/** The account's apps connected over OAuth (remote MCP clients), newest first. */
export const GET = dashboardRoute("keys.read", null, ({ user }) => listConnectedApps(db, user.accountId));
