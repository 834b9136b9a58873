import { crossSiteProblem } from "@/lib/auth/csrf";
import { dashboardError, jsonResponse } from "@/lib/auth/route";
import { registerUser, signUpInput } from "@/lib/auth/signup";
import { db } from "@/lib/db";
import { logError } from "@/lib/log";

export const dynamic = "force-dynamic";

/** Email + password sign-up. The client then signs in through next-auth's credentials provider. */
export async function POST(request: Request) {
  // No session yet, so no CSRF token: refuse anything a browser marks as cross-site (login CSRF).
  const crossSite = crossSiteProblem(request);
  if (crossSite) return dashboardError("FORBIDDEN", crossSite);
  const raw: unknown = await request.json().catch(() => undefined);
  if (raw === undefined)
    return dashboardError("INVALID_PARAMETER", "Send a JSON body with email and password");
  const parsed = signUpInput.safeParse(raw);
  if (!parsed.success) return dashboardError("INVALID_PARAMETER", parsed.error.issues[0].message);
  try {
    const result = await registerUser(db, parsed.data);
    if (!result.ok) return dashboardError("CONFLICT", "Email already registered");
    return jsonResponse(201, { data: { email: parsed.data.email } });
  } catch (err) {
    logError("sign-up failed", err);
    return dashboardError("INTERNAL_ERROR", "Something went wrong");
  }
}
