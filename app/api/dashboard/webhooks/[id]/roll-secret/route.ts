import { requireRecentAuth } from "@/lib/auth/reauth";
import { assertOk } from "@/lib/platform/errors";
import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { rollSecretInput, SECRET_OVERLAP_CHOICES } from "@/lib/webhooks/schemas";
import { rollSigningSecret } from "@/lib/webhooks/edit";

export const dynamic = "force-dynamic";

/**
 * A new signing secret, returned once (201, never cached). Whoever holds it can sign deliveries a
 * receiver trusts, so it needs a recent re-authentication, like a live key.
 */
export const POST = dashboardRoute(
  "webhooks.manage",
  rollSecretInput,
  async ({ user, params, body, request }) => {
    await requireRecentAuth(db, user);
    const done = await rollSigningSecret(
      db,
      { id: params.id, accountId: user.accountId },
      SECRET_OVERLAP_CHOICES[body.overlap],
      { userId: user.id, ...requestOrigin(request) },
    );
    assertOk(done);
    return jsonResponse(201, { data: done.value }, { Pragma: "no-cache" });
  },
);
