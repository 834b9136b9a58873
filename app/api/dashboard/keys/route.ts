import { z } from "zod";
import { requireVerifiedEmail } from "@/lib/auth/email-verification";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { notFound, assertOk } from "@/lib/api/errors";
import { listKeyViews, toKeyView } from "@/lib/dashboard/keys";
import type { CreatedKey } from "@/lib/dashboard/types";
import { db } from "@/lib/db";
import { keyOptionsInput } from "@/lib/keys/options";
import { findListedKey } from "@/lib/keys/store";
import { createCappedApiKey } from "@/lib/keys/service";

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
  const listed = await findListedKey(db, made.record.id);
  if (!listed) throw notFound("API key");
  const created: CreatedKey = { key: toKeyView(listed), secret: made.key };
  return jsonResponse(201, { data: created }, { Pragma: "no-cache" });
});
