import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { notFound, assertOk } from "@/lib/api/errors";
import { KEY_MANAGE, toKeyView } from "@/lib/dashboard/keys";
import { db } from "@/lib/db";
import { updateApiKey } from "@/lib/keys/lifecycle";
import { keyPatchInput } from "@/lib/keys/options";
import { findListedKey } from "@/lib/keys/store";

export const dynamic = "force-dynamic";

/**
 * Edits one of the caller's keys (name, note, scopes, IP allowlist, limits, expiry); only the
 * stated fields change. Another account's key is 404; a revoked, expired or rolled key is 409.
 */
export const PATCH = dashboardRoute(KEY_MANAGE, keyPatchInput, async ({ user, params, body, request }) => {
  const done = await updateApiKey(
    db,
    { accountId: user.accountId, id: params.id },
    body,
    user.id,
    requestOrigin(request),
  );
  assertOk(done);
  const listed = await findListedKey(db, done.value.id);
  if (!listed) throw notFound("API key");
  return toKeyView(listed);
});
