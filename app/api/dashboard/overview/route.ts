import { dashboardRoute } from "@/lib/auth/route";
import { overview } from "@/lib/dashboard/overview";
import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

export const GET = dashboardRoute(null, ({ user }) => overview(db, user.accountId));
