import { z } from "zod";
import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { assertOk } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { sessionIssuer } from "@/lib/keys/issuing";
import { rollApiKey } from "@/lib/keys/lifecycle";
import { GRACE_CHOICES } from "@/lib/keys/options";
import { KEY_MANAGE, keyViewOf, type CreatedKey } from "@/lib/keys/views";

export const dynamic = "force-dynamic";

const rollInput = z.object({
  grace: z.enum(Object.keys(GRACE_CHOICES) as [keyof typeof GRACE_CHOICES]).default("24h"),
});

/** Rolls one of the caller's keys; like create, the answer carries the new full key once. */
export const POST = dashboardRoute(KEY_MANAGE, rollInput, async ({ user, params, body, request }) => {
  const rolled = await rollApiKey(
    db,
    { accountId: user.accountId, id: params.id },
    GRACE_CHOICES[body.grace],
    user.id,
    requestOrigin(request),
    sessionIssuer(user),
  );
  assertOk(rolled);
  const created: CreatedKey = { key: await keyViewOf(db, rolled.value.id), secret: rolled.value.key };
  return jsonResponse(201, { data: created }, { Pragma: "no-cache" });
});
