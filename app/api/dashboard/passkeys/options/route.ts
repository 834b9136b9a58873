import { requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { registrationOptions } from "@/lib/passkeys/register";

export const dynamic = "force-dynamic";

/** Step 1 of adding a passkey (after re-authentication): options for navigator.credentials.create(). */
export const POST = dashboardRoute("self", null, async ({ user }) => {
  await requireRecentAuth(db, user);
  return registrationOptions(db, user);
});
