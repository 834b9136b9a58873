import { z } from "zod";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { listPasskeys } from "@/lib/passkeys/manage";
import { registerPasskey } from "@/lib/passkeys/register";
import { challengeId, passkeyName, registrationResponse } from "@/lib/passkeys/schemas";

export const dynamic = "force-dynamic";

/** The signed-in user's passkeys: name, added, last used. */
export const GET = dashboardRoute("self", null, ({ user }) => listPasskeys(db, user.id));

const input = z.object({ challengeId, response: registrationResponse, name: passkeyName });

/** Step 2 of adding a passkey: the authenticator's answer to the options of step 1. */
export const POST = dashboardRoute("self", input, async ({ user, body, request }) => {
  await requireRecentAuth(db, user);
  return registerPasskey(db, user, body, { accountId: user.homeAccountId, ...requestOrigin(request) });
});
