import { z } from "zod";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/db";
import { removePasskey, renamePasskey } from "@/lib/passkeys/manage";
import { passkeyName } from "@/lib/passkeys/schemas";

export const dynamic = "force-dynamic";

const input = z.object({ name: passkeyName });

/** Renames one of the caller's passkeys (another user's answers 404 like a missing one). */
export const PATCH = dashboardRoute("self", input, async ({ user, body, params }) => {
  await renamePasskey(db, user.id, params.id, body.name);
  return { id: params.id, name: body.name };
});

/** Removes one of the caller's passkeys (after re-authentication); audited. */
export const DELETE = dashboardRoute("self", null, async ({ user, params, request }) => {
  await requireRecentAuth(db, user);
  const actor = { userId: user.id, accountId: user.homeAccountId, ...requestOrigin(request) };
  await removePasskey(db, actor, params.id);
  return { removed: 1 };
});
