import { csrfProblem } from "@/lib/auth/csrf";
import { requestOrigin } from "@/lib/auth/route";
import { getCurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { publicBaseUrl } from "@/lib/handoff/http";
import { resultPage } from "@/lib/handoff/result-page";
import { INGEST_SCOPE, isScope, type Scope } from "@/lib/keys/scope-names";
import { logError } from "@/lib/log";
import { approveGrant, denyGrant } from "@/lib/oauth/consent";
import { continuePage } from "@/lib/oauth/continue-page";

export const dynamic = "force-dynamic";

const GRANT_ID = /^og_[0-9A-Za-z]{32}$/;

/** "never" -> null; 7, 30, 90 -> days; anything else -> 30. */
function expiryDays(raw: string): number | null {
  if (raw === "never") return null;
  return ["7", "30", "90"].includes(raw) ? Number(raw) : 30;
}

/**
 * The consent page's form target (Approve or Deny), bound to the signed-in user: per-user CSRF
 * token and a same-site Origin, so a forged or cross-site post cannot connect anything.
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
    const grantId = field("request");
    const decision = field("decision");
    if (!GRANT_ID.test(grantId) || (decision !== "approve" && decision !== "deny"))
      return resultPage({
        status: 400,
        title: "Bad request",
        message: "The form was incomplete. Reload the consent page.",
      });
    const scopes = (form?.getAll("scope") ?? []).filter(
      (v): v is Scope => typeof v === "string" && isScope(v) && v !== INGEST_SCOPE,
    );
    if (decision === "approve" && scopes.length === 0)
      return resultPage({
        status: 400,
        title: "Choose a scope",
        message: "Tick at least one thing the app may read.",
      });
    const issuer = publicBaseUrl(request);
    const outcome =
      decision === "approve"
        ? await approveGrant(
            db,
            {
              grantId,
              user,
              environment: field("environment") === "live" ? "live" : "test",
              scopes,
              expiresDays: expiryDays(field("expires_days")),
              issuer,
            },
            requestOrigin(request),
          )
        : await denyGrant(db, grantId, issuer);
    if (!outcome.ok)
      return resultPage({ status: outcome.status, title: "Nothing to approve", message: outcome.message });
    return continuePage({
      title: decision === "approve" ? "Connected" : "Not connected",
      message:
        decision === "approve"
          ? "Returning you to the app. You can disconnect it at any time under Connected apps on your account page."
          : "Nothing was shared. Returning you to the app.",
      target: outcome.redirect,
    });
  } catch (err) {
    logError("oauth consent failed", err);
    return resultPage({
      status: 500,
      title: "Something went wrong",
      message: "Nothing was approved. Try again.",
    });
  }
}
