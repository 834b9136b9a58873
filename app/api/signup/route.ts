import { ApiError } from "@/lib/platform/errors";
import { mailVerificationInBackground } from "@/lib/auth/email-verification";
import { oidcButtonName, SSO_REQUIRED_MESSAGE, ssoRequiredFor } from "@/lib/auth/oidc";
import { passwordProblem } from "@/lib/auth/password-policy";
import { requestOrigin, route } from "@/lib/auth/route";
import { registerUser, signUpRule } from "@/lib/auth/signup";
import { signUpInput } from "@/lib/auth/schemas";
import { db } from "@/lib/platform/db";
import { toSeconds } from "@/lib/usage/limiter";
import { takeRateLimit } from "@/lib/usage";

export const dynamic = "force-dynamic";

/**
 * Email + password sign-up. The client then signs in through next-auth's credentials provider.
 * A registered email gets the same 201 as a new one (no email enumeration); limited per IP.
 * Order: the cheap shape check, then the per-address limit (counted for refused passwords too),
 * then the password rule (zxcvbn in a worker thread), then the hash (fair share per address).
 */
export const POST = route(
  { auth: "public", input: signUpInput, name: "sign-up" },
  async ({ body, request }) => {
    // A domain that must use single sign-on (OIDC_REQUIRED_DOMAINS) gets no password account.
    if (ssoRequiredFor(body.email))
      throw new ApiError("FORBIDDEN", SSO_REQUIRED_MESSAGE(oidcButtonName() ?? "SSO"));
    // Counted before the password rule: 62 refused sign-ups in 10 s (never counted, each a
    // synchronous zxcvbn run) moved cached /v1 p99 from 28 ms to 2,329 ms.
    const ip = requestOrigin(request).ip;
    const decision = await takeRateLimit(`signup:${ip ?? "unknown"}`, signUpRule());
    if (!decision.allowed) {
      const seconds = toSeconds(decision.retryAfterMs);
      throw new ApiError("RATE_LIMITED", `Too many sign-ups from this address. Try again in ${seconds} s.`, {
        "Retry-After": String(seconds),
      });
    }
    // Checked against the email and name too: "anna.smith1987" is weak for anna.smith1987@….
    const problem = await passwordProblem(body.password, [body.email, body.name]);
    if (problem) throw new ApiError("INVALID_PARAMETER", problem);
    const registered = await registerUser(db, body, ip);
    // Not awaited: a new and a taken email answer alike, whatever the mail server's latency.
    if (registered.ok) mailVerificationInBackground(db, registered.userId);
    return Response.json({ data: { email: body.email } }, { status: 201 });
  },
);
