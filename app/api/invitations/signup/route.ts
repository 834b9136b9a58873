import { ApiError } from "@/lib/platform/errors";
import { oidcButtonName, SSO_REQUIRED_MESSAGE, ssoRequiredFor } from "@/lib/auth/oidc";
import { passwordProblem } from "@/lib/auth/password-policy";
import { invitationSignUpInput } from "@/lib/auth/schemas";
import { requestOrigin, route } from "@/lib/auth/route";
import { signUpRule } from "@/lib/auth/signup";
import { db } from "@/lib/platform/db";
import { toSeconds } from "@/lib/usage/limiter";
import { takeRateLimit } from "@/lib/usage";
import { signUpByInvitation } from "@/lib/workspaces/accept";
import { inviteRefusalError, openInvitation } from "@/lib/workspaces/invitations";

export const dynamic = "force-dynamic";

/**
 * Sign-up through an invitation link: the account is made for the invited address and joins the
 * workspace. The client then signs in through next-auth's credentials provider. Limited per
 * address like /api/signup, before the password rule.
 */
export const POST = route(
  { auth: "public", input: invitationSignUpInput, name: "invitation sign-up" },
  async ({ body, request }) => {
    const origin = requestOrigin(request);
    const decision = await takeRateLimit(`signup:${origin.ip ?? "unknown"}`, signUpRule());
    if (!decision.allowed) {
      const seconds = toSeconds(decision.retryAfterMs);
      throw new ApiError("RATE_LIMITED", `Too many sign-ups from this address. Try again in ${seconds} s.`, {
        "Retry-After": String(seconds),
      });
    }
    const open = await openInvitation(db, body.token);
    if (!open.ok) throw inviteRefusalError(open.reason);
    // A domain that must use single sign-on (OIDC_REQUIRED_DOMAINS) gets no password account: the
    // invitee signs in with SSO, then accepts.
    if (ssoRequiredFor(open.value.email))
      throw new ApiError("FORBIDDEN", SSO_REQUIRED_MESSAGE(oidcButtonName() ?? "SSO"));
    const problem = await passwordProblem(body.password, [open.value.email, body.name]);
    if (problem) throw new ApiError("INVALID_PARAMETER", problem);
    const done = await signUpByInvitation(
      db,
      body.token,
      { name: body.name, password: body.password },
      origin,
    );
    if (!done.ok) throw inviteRefusalError(done.reason);
    return Response.json({ data: { email: done.email, workspaceId: done.accountId } }, { status: 201 });
  },
);
