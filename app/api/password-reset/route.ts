import { z } from "zod";
import { ApiError } from "@/lib/platform/errors";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { emailField } from "@/lib/auth/schemas";
import { requestOrigin, route } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { logError } from "@/lib/platform/log";
import { mailConfigured } from "@/lib/mail";
import { toSeconds } from "@/lib/usage/limiter";
import { takeRateLimit } from "@/lib/usage";
import { envStrOpt } from "@/lib/platform/config";

export const dynamic = "force-dynamic";

const input = z.object({
  email: emailField,
});

const ANSWER = { data: { message: "If an account has this email, a reset link is on its way." } };

/**
 * Asks for a password reset link. Same 202 whether or not the email has an account (no
 * enumeration); 5 an hour per client address (429), 3 an hour per email (silently not sent: no
 * mail bombing). Without SMTP_URL the link is written to the server log (lib/mail).
 */
export const POST = route({ auth: "public", input, name: "password reset" }, async ({ body, request }) => {
  const ip = requestOrigin(request).ip ?? "unknown";
  const byAddress = await takeRateLimit(`pwreset:ip:${ip}`, { burst: 5, intervalMs: 720_000 });
  if (!byAddress.allowed) {
    const seconds = toSeconds(byAddress.retryAfterMs);
    throw new ApiError("RATE_LIMITED", `Too many reset requests. Try again in ${seconds} s.`, {
      "Retry-After": String(seconds),
    });
  }
  const email = body.email;
  const byEmail = await takeRateLimit(`pwreset:email:${email}`, { burst: 3, intervalMs: 1_200_000 });
  const baseUrl = envStrOpt("NEXTAUTH_URL")?.replace(/\/+$/, "");
  if (byEmail.allowed) {
    if (!baseUrl && mailConfigured())
      logError("password reset not sent", new Error("SMTP_URL is set but NEXTAUTH_URL is not"));
    else
      await requestPasswordReset(db, email, baseUrl || new URL(request.url).origin).catch((err: unknown) =>
        logError("password reset failed", err),
      );
  }
  return Response.json(ANSWER, { status: 202 });
});
