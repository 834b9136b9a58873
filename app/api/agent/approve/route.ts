import { csrfProblem } from "@/lib/auth/csrf";
import { isEmailVerified, UNVERIFIED_LIVE_KEY_MESSAGE } from "@/lib/auth/email-verification";
import { requestOrigin } from "@/lib/auth/route";
import { getCurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { approveSession, denySession } from "@/lib/handoff/approve";
import { INGEST_SCOPE, isScope, type Scope } from "@/lib/keys/scope-names";
import { normalizeUserCode } from "@/lib/handoff/codes";
import { logError } from "@/lib/log";
import { resultPage } from "@/lib/handoff/result-page";

export const dynamic = "force-dynamic";

/** "never" -> null; 7, 30, 90 -> days; anything else -> the default (90). */
function expiryDays(raw: string): number | null | undefined {
  if (raw === "never") return null;
  return ["7", "30", "90"].includes(raw) ? Number(raw) : undefined;
}

/**
 * The approval page's form target (Approve or Deny). Bound to the signed-in user: the CSRF token
 * is per user and the browser's Origin / Sec-Fetch-Site must be this site, so a forged or
 * cross-site post cannot approve anything.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const user = await getCurrentUser();
    if (!user)
      return resultPage({
        status: 401,
        title: "Sign in first",
        message: "Your session has ended.",
        link: ["/signin", "Sign in"],
      });
    const form = await request.formData().catch(() => null);
    const field = (name: string) => (typeof form?.get(name) === "string" ? (form!.get(name) as string) : "");
    const problem = csrfProblem(request, user.id, field("csrf_token"));
    if (problem) return resultPage({ status: 403, title: "Request refused", message: problem });
    const userCode = normalizeUserCode(field("user_code"));
    const decision = field("decision");
    if (!userCode || (decision !== "approve" && decision !== "deny")) {
      return resultPage({
        status: 400,
        title: "Bad request",
        message: "The form was incomplete. Reload the approval page.",
      });
    }
    // An agent's key reads: the write scope is never handed out through a handoff.
    const scopes = (form?.getAll("scope") ?? []).filter(
      (v): v is Scope => typeof v === "string" && isScope(v) && v !== INGEST_SCOPE,
    );
    if (decision === "approve" && scopes.length === 0)
      return resultPage({
        status: 400,
        title: "Choose a scope",
        message: "The key needs at least one scope. Go back and tick what it may read.",
      });
    const environment = field("environment") === "live" ? "live" : "test";
    if (decision === "approve" && environment === "live" && !(await isEmailVerified(db, user.id)))
      return resultPage({
        status: 403,
        title: "Verify your email first",
        message: UNVERIFIED_LIVE_KEY_MESSAGE,
      });
    const audit = requestOrigin(request);
    const outcome =
      decision === "approve"
        ? await approveSession(
            db,
            {
              userCode,
              user,
              environment,
              scopes,
              expiresDays: expiryDays(field("expires_days")),
            },
            audit,
          )
        : await denySession(db, { userCode, user }, audit);
    if (!outcome.ok)
      return resultPage({ status: outcome.status, title: "Nothing to approve", message: outcome.message });
    const { session, code } = outcome;
    if (session.redirectUri) {
      // Loopback delivery (RFC 8252 §7.3): the browser carries the code (or the denial) to the agent.
      const target = new URL(session.redirectUri);
      if (code) target.searchParams.set("code", code);
      else target.searchParams.set("error", "access_denied");
      if (session.state) target.searchParams.set("state", session.state);
      return new Response(null, {
        status: 303,
        headers: {
          Location: target.toString(),
          "Cache-Control": "no-store",
          "Referrer-Policy": "no-referrer",
        },
      });
    }
    if (!code)
      return resultPage({
        status: 200,
        title: "Request denied",
        message: "No key was issued. You can close this tab.",
      });
    return resultPage({
      status: 200,
      title: "Approved",
      message: `A ${session.environment} key "${session.keyName}" will be issued to ${session.clientName}.`,
      code,
    });
  } catch (err) {
    logError("handoff approval failed", err);
    return resultPage({
      status: 500,
      title: "Something went wrong",
      message: "Nothing was approved. Try again.",
    });
  }
}
