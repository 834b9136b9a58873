import { z } from "zod";
import { dashboardRoute } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { renamePasskey } from "@/lib/passkeys/manage";
import { passkeyName } from "@/lib/passkeys/schemas";

export const dynamic = "force-dynamic";

const input = z.object({ name: passkeyName });

/** Renames one of the caller's passkeys (another user's answers 404 like a missing one). */
export const PATCH = dashboardRoute("self", input, async ({ user, body, params }) => {
  await renamePasskey(db, user.id, params.id, body.name);
  return { id: params.id, name: body.name };
});
