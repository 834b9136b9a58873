import { crossSiteProblem } from "@/lib/auth/csrf";
import { HashBusyError } from "@/lib/auth/password";
import { dashboardError, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { registerUser, signUpInput, signUpRule } from "@/lib/auth/signup";
import { db } from "@/lib/db";
import { logError } from "@/lib/log";
import { toSeconds } from "@/lib/usage/limiter";
import { takeRateLimit } from "@/lib/usage";

export const dynamic = "force-dynamic";

/**
 * Email + password sign-up. The client then signs in through next-auth's credentials provider.
 * A registered email gets the same 201 as a new one (no email enumeration); limited per IP.
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
  // Counted once the input is valid (a typo costs nothing); 60 sign-ups from one IP took 14 s and
  // +500 MB RSS before this limit.
  const ip = requestOrigin(request).ip ?? "unknown";
  const decision = await takeRateLimit(`signup:${ip}`, signUpRule());
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
    await registerUser(db, parsed.data);
    return jsonResponse(201, { data: { email: parsed.data.email } });
  } catch (err) {
    if (err instanceof HashBusyError) {
      const busy = dashboardError("SERVICE_UNAVAILABLE", "The server is busy. Try again in a moment.");
      busy.headers.set("Retry-After", "1");
      return busy;
    }
    logError("sign-up failed", err);
    return dashboardError("INTERNAL_ERROR", "Something went wrong");
  }
}
