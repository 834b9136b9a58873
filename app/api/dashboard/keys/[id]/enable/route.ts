import { dashboardError, dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { notFound } from "@/lib/api/errors";
import { toKeyView } from "@/lib/dashboard/keys";
import { db } from "@/lib/db";
import { setKeyDisabled } from "@/lib/keys/lifecycle";
import { findListedKey } from "@/lib/keys/repository";

export const dynamic = "force-dynamic";

/** Enables one of the caller's keys (reversible, audited); another account's key is 404. */
export const POST = dashboardRoute(null, async ({ user, params, request }) => {
  const done = await setKeyDisabled(
    db,
    { accountId: user.accountId, id: params.id },
    false,
    user.id,
    requestOrigin(request),
  );
  if (!done.ok) return dashboardError(done.code, done.message);
  const listed = await findListedKey(db, done.value.id);
  if (!listed) throw notFound("API key");
  return toKeyView(listed);
});
