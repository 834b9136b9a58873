import { z } from "zod";
import { requestOrigin } from "@/lib/auth/route";
import { continuePage, PageError } from "@/lib/consent/pages";
import { assertDecided, consentRoute } from "@/lib/consent/route";
import { db } from "@/lib/platform/db";
import { publicBaseUrl } from "@/lib/handoff/http";
import { openedInThisBrowser } from "@/lib/oauth/binding";
import { approveGrant, consentClosed, denyGrant } from "@/lib/oauth/consent";

export const dynamic = "force-dynamic";

/** The consent page's form target (Approve or Deny), bound to the signed-in user (consentRoute). */
export const POST = consentRoute(
  {
    field: "request",
    target: z.string().regex(/^og_[0-9A-Za-z]{32}$/),
    defaultDays: 30,
    incomplete: "The form was incomplete. Reload the consent page.",
    noScope: "Tick at least one thing the app may read.",
  },
  async ({ user, request, target: grantId, decision, choice }) => {
    // Bound to the browser that opened it (lib/oauth/binding.ts): elsewhere it does not exist.
    if (!openedInThisBrowser(grantId, request.headers.get("cookie")))
      throw new PageError("NOT_FOUND", "Nothing to approve", consentClosed(null) ?? "");
    const issuer = publicBaseUrl(request);
    const outcome =
      decision === "approve"
        ? await approveGrant(db, { grantId, user, ...choice, issuer }, requestOrigin(request))
        : await denyGrant(db, grantId, issuer);
    assertDecided(outcome);
    return continuePage({
      title: decision === "approve" ? "Connected" : "Not connected",
      message:
        decision === "approve"
          ? "Returning you to the app. You can disconnect it at any time under Connected apps on your account page."
          : "Nothing was shared. Returning you to the app.",
      target: outcome.value,
    });
  },
);
