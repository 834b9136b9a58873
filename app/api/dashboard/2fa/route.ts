import { dashboardRoute } from "@/lib/auth/route";
import { totpStatus } from "@/lib/auth/totp";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export const GET = dashboardRoute("self", null, ({ user }) => totpStatus(db, user.id));
