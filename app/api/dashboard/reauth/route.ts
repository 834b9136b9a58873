import { dashboardRoute } from "@/lib/auth/route";
import { proveIdentity, REAUTH_WINDOW_MS } from "@/lib/auth/reauth";
import { reauthInput } from "@/lib/auth/schemas";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

/**
 * Re-authenticates this session with the password, a second-factor code (both throttled) or a
 * fresh assertion from one of the user's passkeys.
 */
export const POST = dashboardRoute("self", reauthInput, async ({ user, body, request }) => {
  const at = await proveIdentity(db, user, body, request.headers.get("x-forwarded-for"));
  return { reauthenticatedUntil: new Date(at.getTime() + REAUTH_WINDOW_MS).toISOString() };
});
