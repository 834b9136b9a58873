import { dashboardRoute } from "@/lib/auth/route";
import { listSessions } from "@/lib/auth/sessions";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

/** The signed-in user's active sessions (device, IP, last seen), this one marked `current`. */
export const GET = dashboardRoute("self", null, ({ user }) =>
  listSessions(db, user.id, user.sessionId ?? null),
);
