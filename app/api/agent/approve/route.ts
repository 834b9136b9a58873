import { z } from "zod";
import { requestOrigin } from "@/lib/auth/route";
import { resultPage } from "@/lib/consent/pages";
import { assertDecided, consentRoute } from "@/lib/consent/route";
import { db } from "@/lib/platform/db";
import { approveSession, denySession, HANDOFF_KEY_DAYS } from "@/lib/handoff/approve";
import { normalizeUserCode } from "@/lib/handoff/codes";

export const dynamic = "force-dynamic";

/** The approval page's form target (Approve or Deny), bound to the signed-in user (consentRoute). */
export const POST = consentRoute(
  {
    field: "user_code",
    target: z
      .string()
      .refine((v) => normalizeUserCode(v) !== null)
      .transform((v) => normalizeUserCode(v) ?? ""),
    defaultDays: HANDOFF_KEY_DAYS,
    incomplete: "The form was incomplete. Reload the approval page.",
    noScope: "The key needs at least one scope. Go back and tick what it may read.",
  },
  async ({ user, request, target: userCode, decision, choice }) => {
    const audit = requestOrigin(request);
    const outcome =
      decision === "approve"
        ? await approveSession(db, { userCode, user, ...choice }, audit)
        : await denySession(db, { userCode, user }, audit);
    assertDecided(outcome);
    const { session, code } = outcome.value;
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
    // The approval page's own address: a reload there says the request is decided.
    const replaceUrl = `/agent/${encodeURIComponent(userCode)}`;
    if (!code)
      return resultPage({
        status: 200,
        title: "Request denied",
        message: "No key was issued. You can close this tab.",
        replaceUrl,
      });
    return resultPage({
      status: 200,
      title: "Approved",
      message: `A ${session.environment} key "${session.keyName}" will be issued to ${session.clientName}.`,
      code,
      replaceUrl,
    });
  },
);
