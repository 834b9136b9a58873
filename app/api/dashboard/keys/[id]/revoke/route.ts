import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { notFound } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { revokeApiKey } from "@/lib/keys/service";
import { KEY_MANAGE, keyViewOf } from "@/lib/keys/views";

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
  if (!revoked) throw notFound("API key");
  return keyViewOf(db, revoked.id);
});
