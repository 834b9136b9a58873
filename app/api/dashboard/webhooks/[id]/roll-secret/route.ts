import { z } from "zod";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { assertOk } from "@/lib/platform/errors";
import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { SECRET_OVERLAP_CHOICES, type SecretOverlap } from "@/lib/webhooks/config";
import { rollSigningSecret } from "@/lib/webhooks/edit";

export const dynamic = "force-dynamic";

const rollInput = z.object({
  overlap: z.enum(Object.keys(SECRET_OVERLAP_CHOICES) as [SecretOverlap, ...SecretOverlap[]]).default("24h"),
});

/**
 * A new signing secret, returned once (201, never cached). Whoever holds it can sign deliveries a
 * receiver trusts, so it needs a recent re-authentication, like a live key.
 */
export const POST = dashboardRoute("webhooks.manage", rollInput, async ({ user, params, body, request }) => {
  await requireRecentAuth(db, user);
  const done = await rollSigningSecret(
    db,
    { id: params.id, accountId: user.accountId },
    SECRET_OVERLAP_CHOICES[body.overlap],
    { userId: user.id, ...requestOrigin(request) },
  );
  assertOk(done);
  return jsonResponse(201, { data: done.value }, { Pragma: "no-cache" });
});
