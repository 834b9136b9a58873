import { crossSiteProblem } from "@/lib/auth/csrf";
import { HashBusyError } from "@/lib/auth/password";
import { PasswordCheckBusy } from "@/lib/auth/password-check";
import { passwordProblem } from "@/lib/auth/password-policy";
import { dashboardError, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { mailVerificationInBackground } from "@/lib/auth/email-verification";
import { oidcButtonName, SSO_REQUIRED_MESSAGE, ssoRequiredFor } from "@/lib/auth/oidc";
import { registerUser, signUpInput, signUpRule } from "@/lib/auth/signup";
import { db } from "@/lib/db";
import { logError } from "@/lib/log";
import { toSeconds } from "@/lib/usage/limiter";
import { takeRateLimit } from "@/lib/usage";

export const dynamic = "force-dynamic";

const busy = () => {
  const res = dashboardError("SERVICE_UNAVAILABLE", "The server is busy. Try again in a moment.");
  res.headers.set("Retry-After", "1");
  return res;
};

/**
 * Email + password sign-up. The client then signs in through next-auth's credentials provider.
 * A registered email gets the same 201 as a new one (no email enumeration); limited per IP.
 * Order: the cheap shape check, then the per-address limit (counted for refused passwords too),
 * then the password rule (zxcvbn in a worker thread), then the hash (fair share per address).
 */
export async function POST(request: Request) {
  // No session yet, so no CSRF token: refuse anything a browser marks as cross-site (login CSRF).
  const crossSite = crossSiteProblem(request);
  if (crossSite) return dashboardError("FORBIDDEN", crossSite);
  const raw: unknown = await request.json().catch(() => undefined);
  if (raw === undefined)
    return dashboardError("INVALID_PARAMETER", "Send a JSON body with email and password");
  const parsed = signUpInput.safeParse(raw);
  if (!parsed.success) return dashboardError("INVALID_PARAMETER", parsed.error.issues[0].message);
  if (ssoRequiredFor(parsed.data.email))
    return dashboardError("FORBIDDEN", SSO_REQUIRED_MESSAGE(oidcButtonName() ?? "SSO"));
  // Counted before the password rule: 62 refused sign-ups in 10 s (never counted, each a
  // synchronous zxcvbn run) moved cached /v1 p99 from 28 ms to 2,329 ms.
  const ip = requestOrigin(request).ip;
  const decision = await takeRateLimit(`signup:${ip ?? "unknown"}`, signUpRule());
  if (!decision.allowed) {
    const seconds = toSeconds(decision.retryAfterMs);
    const refused = dashboardError(
      "RATE_LIMITED",
      `Too many sign-ups from this address. Try again in ${seconds} s.`,
    );
    refused.headers.set("Retry-After", String(seconds));
    return refused;
  }
  try {
    // Checked against the email and name too: "anna.smith1987" is weak for anna.smith1987@….
    const problem = await passwordProblem(parsed.data.password, [parsed.data.email, parsed.data.name]);
    if (problem) return dashboardError("INVALID_PARAMETER", problem);
    const registered = await registerUser(db, parsed.data, ip);
    // Not awaited: a new and a taken email answer alike, whatever the mail server's latency.
    if (registered.ok) mailVerificationInBackground(db, registered.userId);
    return jsonResponse(201, { data: { email: parsed.data.email } });
  } catch (err) {
    if (err instanceof HashBusyError || err instanceof PasswordCheckBusy) return busy();
    logError("sign-up failed", err);
    return dashboardError("INTERNAL_ERROR", "Something went wrong");
  }
}
