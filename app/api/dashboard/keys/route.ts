import { z } from "zod";
import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { assertOk } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { keyOptionsInput } from "@/lib/keys/options";
import { assertMayIssue, sessionIssuer } from "@/lib/keys/issuing";
import { createCappedApiKey } from "@/lib/keys/service";
import { keyViewOf, listKeyViews, type CreatedKey } from "@/lib/keys/views";

export const dynamic = "force-dynamic";

export const GET = dashboardRoute("keys.read", null, ({ user }) => listKeyViews(db, user.accountId));

// Strict: a misplaced field (`scopes` beside `options`) is refused, never dropped into a broader key.
const createKeyInput = z.strictObject({
  name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  environment: z.enum(["live", "test"]).default("test"),
  options: keyOptionsInput.optional(),
});

/** The one response that carries the full key: 201, never cached, never logged. */
export const POST = dashboardRoute("keys.create", createKeyInput, async ({ user, body, request }) => {
  // The one issuing policy (lib/keys/issuing.ts): role, suspension, scopes, and for a live key a
  // verified email address and a recent re-authentication.
  await assertMayIssue(db, sessionIssuer(user), {
    environment: body.environment,
    scopes: body.options?.scopes,
  });
  const made = await createCappedApiKey(
    db,
    {
      accountId: user.accountId,
      name: body.name,
      environment: body.environment,
      createdById: user.id,
      source: "dashboard",
      options: body.options,
    },
    requestOrigin(request),
  );
  assertOk(made);
  const created: CreatedKey = { key: await keyViewOf(db, made.record.id), secret: made.key };
  return jsonResponse(201, { data: created }, { Pragma: "no-cache" });
});
