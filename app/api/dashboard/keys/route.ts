import { z } from "zod";
import { requireVerifiedEmail } from "@/lib/auth/email-verification";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { assertOk } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { keyOptionsInput } from "@/lib/keys/options";
import { createCappedApiKey } from "@/lib/keys/service";
import { keyViewOf, listKeyViews, type CreatedKey } from "@/lib/keys/views";

export const dynamic = "force-dynamic";

export const GET = dashboardRoute("keys.read", null, ({ user }) => listKeyViews(db, user.accountId));

const createKeyInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  environment: z.enum(["live", "test"]).default("test"),
  options: keyOptionsInput.optional(),
});

/** The one response that carries the full key: 201, never cached, never logged. */
export const POST = dashboardRoute("keys.create", createKeyInput, async ({ user, body, request }) => {
  // A live key reaches real data and billing: it needs a verified email address (403 naming how
  // to verify) and a recent re-authentication.
  if (body.environment === "live") {
    await requireVerifiedEmail(db, user.id);
    await requireRecentAuth(db, user);
  }
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
