import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { assertOk } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { assertMayGrantScopes, sessionIssuer } from "@/lib/keys/issuing";
import { updateApiKey } from "@/lib/keys/lifecycle";
import { keyPatchInput } from "@/lib/keys/options";
import { KEY_MANAGE, keyPageOf, keyViewOf } from "@/lib/keys/views";

export const dynamic = "force-dynamic";

/** One key of the workspace for its page, with whether the viewer may act on it; another's is 404. */
export const GET = dashboardRoute("keys.read", null, ({ user, params }) =>
  keyPageOf(db, user, params.id ?? ""),
);

/**
 * Edits one of the caller's keys (name, note, scopes, IP allowlist, limits, expiry); only the
 * stated fields change. Another account's key is 404; a revoked, expired or rolled key is 409.
 */
export const PATCH = dashboardRoute(KEY_MANAGE, keyPatchInput, async ({ user, params, body, request }) => {
  assertMayGrantScopes(sessionIssuer(user), body.scopes);
  const done = await updateApiKey(
    db,
    { accountId: user.accountId, id: params.id },
    body,
    user.id,
    requestOrigin(request),
  );
  assertOk(done);
  return keyViewOf(db, done.value.id);
});
