import { z } from "zod";
import { crossSiteProblem } from "@/lib/auth/csrf";
import { HashBusyError } from "@/lib/auth/password";
import { PasswordCheckBusy } from "@/lib/auth/password-check";
import { passwordProblem } from "@/lib/auth/password-policy";
import { resetPassword, resetTokenUser } from "@/lib/auth/password-reset";
import { dashboardError, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/db";
import { logError } from "@/lib/log";

export const dynamic = "force-dynamic";

const input = z.object({
  token: z.string().min(1).max(100),
  password: z.string().max(10_000, "Password must be at most 200 characters"),
});
const INVALID = "This reset link is invalid, used or expired. Ask for a new one.";

/** Sets a new password with an emailed link's token (once, within 30 min); ends every session. */
export async function POST(request: Request) {
  const crossSite = crossSiteProblem(request);
  if (crossSite) return dashboardError("FORBIDDEN", crossSite);
  const parsed = input.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) return dashboardError("INVALID_PARAMETER", parsed.error.issues[0].message);
  const { token, password } = parsed.data;
  try {
    // An unknown token costs one indexed lookup, before any password work.
    const userId = await resetTokenUser(db, token);
    const user = userId ? await db.user.findUnique({ where: { id: userId } }) : null;
    if (!user) return dashboardError("INVALID_PARAMETER", INVALID);
    const problem = await passwordProblem(password, [user.email, user.name]);
    if (problem) return dashboardError("INVALID_PARAMETER", problem);
    if (!(await resetPassword(db, token, password, requestOrigin(request))))
      return dashboardError("INVALID_PARAMETER", INVALID);
    return jsonResponse(200, { data: { reset: true } });
  } catch (err) {
    if (err instanceof HashBusyError || err instanceof PasswordCheckBusy) {
      const busy = dashboardError("SERVICE_UNAVAILABLE", "The server is busy. Try again in a moment.");
      busy.headers.set("Retry-After", "1");
      return busy;
    }
    logError("password reset failed", err);
    return dashboardError("INTERNAL_ERROR", "Something went wrong");
  }
}
