import { z } from "zod";
import { ApiError } from "@/lib/platform/errors";
import { VERIFY_REFUSALS, verifyEmail } from "@/lib/auth/email-verification";
import { requestOrigin, route } from "@/lib/auth/route";
import { getCurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

const input = z.object({
  token: z.string().min(1, "The link has no token").max(200, "The link is too long"),
});

/**
 * Spends an emailed verification link's token (`/verify-email?token=…` posts it here). Works signed
 * out (the link proves the mailbox), so it is a public route (cross-site posts refused); a browser
 * signed in as another user is refused. Each refusal (unknown, used, expired, another account) has
 * its own message.
 */
export const POST = route(
  { auth: "public", input, name: "email verification" },
  async ({ body, request }) => {
    const user = await getCurrentUser().catch(() => null);
    const result = await verifyEmail(db, body.token, user?.id ?? null, requestOrigin(request));
    if (!result.ok) {
      const code = result.reason === "wrong_account" ? "FORBIDDEN" : "INVALID_PARAMETER";
      throw new ApiError(code, VERIFY_REFUSALS[result.reason]);
    }
    return { verified: true, email: result.email };
  },
);
