import { dashboardRoute } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { listSignIns } from "@/lib/signins/history";

export const dynamic = "force-dynamic";

/** The signed-in user's recent sign-ins (time, address, browser, method), newest first. */
export const GET = dashboardRoute("self", null, ({ user }) => listSignIns(db, user.id));
