import { ApiError } from "@/lib/platform/errors";
import { isEmailVerified, mailLinkBase, RESEND_RULE, sendVerification } from "@/lib/auth/email-verification";
import { dashboardRoute, jsonResponse } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { mailConfigured } from "@/lib/mail";
import { toSeconds } from "@/lib/usage/limiter";
import { takeRateLimit } from "@/lib/usage";

export const dynamic = "force-dynamic";

/**
 * Mails the signed-in user a new verification link (the older one stops working): 202. Already
 * verified, or a server that sends no mail: 409 naming what to do. Limited per user (429).
 */
export const POST = dashboardRoute("self", null, async ({ user }) => {
  if (await isEmailVerified(db, user.id))
    throw new ApiError("CONFLICT", "Your email address is already verified.");
  const base = mailLinkBase();
  if (!mailConfigured() || !base)
    throw new ApiError(
      "CONFLICT",
      `This server does not send email. Ask its operator to verify your address (npm run admin -- user verify --email ${user.email}).`,
    );
  const decision = await takeRateLimit(`verify-resend:${user.id}`, RESEND_RULE);
  if (!decision.allowed) {
    const seconds = toSeconds(decision.retryAfterMs);
    throw new ApiError("RATE_LIMITED", `Too many verification emails. Try again in ${seconds} s.`, {
      "Retry-After": String(seconds),
    });
  }
  const delivery = await sendVerification(db, user.id, base);
  if (delivery === "failed")
    throw new ApiError("SERVICE_UNAVAILABLE", "The mail server did not take the message. Try again later.");
  return jsonResponse(202, { data: { sent: true, email: user.email } });
});
