import { assertOk } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { setKeyDisabled } from "@/lib/keys/lifecycle";
import { KEY_MANAGE, keyViewOf } from "@/lib/keys/views";

export const dynamic = "force-dynamic";

/** Enables one of the caller's keys (reversible, audited); another account's key is 404. */
export const POST = dashboardRoute(KEY_MANAGE, null, async ({ user, params, request }) => {
  const where = { accountId: user.accountId, id: params.id };
  const done = await setKeyDisabled(db, where, false, user.id, requestOrigin(request));
  assertOk(done);
  return keyViewOf(db, done.value.id);
});
