import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { notFound } from "@/lib/api/errors";
import { KEY_MANAGE, toKeyView } from "@/lib/dashboard/keys";
import { db } from "@/lib/db";
import { findListedKey } from "@/lib/keys/store";
import { revokeApiKey } from "@/lib/keys/service";

export const dynamic = "force-dynamic";

/**
 * Revokes one of the caller's keys (idempotent). A key of another account answers 404, exactly like
 * a key that does not exist, so ids cannot be probed.
 */
export const POST = dashboardRoute(KEY_MANAGE, null, async ({ user, params, request }) => {
  const revoked = await revokeApiKey(
    db,
    { accountId: user.accountId, id: params.id },
    user.id,
    requestOrigin(request),
  );
  const listed = revoked && (await findListedKey(db, revoked.id));
  if (!listed) throw notFound("API key");
  return toKeyView(listed);
});
