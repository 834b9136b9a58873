import { z } from "zod";
import { crossSiteProblem } from "@/lib/auth/csrf";
import { VERIFY_REFUSALS, verifyEmail } from "@/lib/auth/email-verification";
import { dashboardError, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { getCurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { logError } from "@/lib/log";

export const dynamic = "force-dynamic";

const input = z.object({
  token: z.string().min(1, "The link has no token").max(200, "The link is too long"),
});

/**
 * Spends an emailed verification link's token (`/verify-email?token=…` posts it here). Works signed
 * out (the link proves the mailbox); a browser signed in as another user is refused. Each refusal
 * (unknown, used, expired, another account) has its own message.
 */
export async function POST(request: Request) {
  const crossSite = crossSiteProblem(request);
  if (crossSite) return dashboardError("FORBIDDEN", crossSite);
  const parsed = input.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success)
    return dashboardError("INVALID_PARAMETER", parsed.error.issues[0]?.message ?? "Send the link's token");
  try {
    const user = await getCurrentUser().catch(() => null);
    const result = await verifyEmail(db, parsed.data.token, user?.id ?? null, requestOrigin(request));
    if (!result.ok) {
      const code = result.reason === "wrong_account" ? "FORBIDDEN" : "INVALID_PARAMETER";
      return dashboardError(code, VERIFY_REFUSALS[result.reason]);
    }
    return jsonResponse(200, { data: { verified: true, email: result.email } });
  } catch (err) {
    logError("email verification failed", err);
    return dashboardError("INTERNAL_ERROR", "Something went wrong");
  }
}
