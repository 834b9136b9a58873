import { dashboardRoute } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { renamePasskey } from "@/lib/passkeys/manage";
import { renamePasskeyInput } from "@/lib/passkeys/schemas";

export const dynamic = "force-dynamic";

/** Renames one of the caller's passkeys (another user's answers 404 like a missing one). */
export const PATCH = dashboardRoute("self", renamePasskeyInput, async ({ user, body, params }) => {
  await renamePasskey(db, user.id, params.id, body.name);
  return { id: params.id, name: body.name };
});
