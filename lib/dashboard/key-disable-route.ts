import { dashboardRoute, requestOrigin } from "../auth/route";
import { notFound, assertOk } from "../api/errors";
import { db } from "../db";
import { setKeyDisabled } from "../keys/lifecycle";
import { findListedKey } from "../keys/store";
import { KEY_MANAGE, toKeyView } from "./keys";

/**
 * The route handler (an edge: it holds the process-wide db) that disables or enables one of the
 * caller's keys, reversible and audited; another account's key is 404. Used by
 * app/api/dashboard/keys/[id]/disable and …/enable.
 */
export function keyDisabledRoute(disabled: boolean) {
  return dashboardRoute(KEY_MANAGE, null, async ({ user, params, request }) => {
    const done = await setKeyDisabled(
      db,
      { accountId: user.accountId, id: params.id },
      disabled,
      user.id,
      requestOrigin(request),
    );
    assertOk(done);
    const listed = await findListedKey(db, done.value.id);
    if (!listed) throw notFound("API key");
    return toKeyView(listed);
  });
}
