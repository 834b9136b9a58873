import { z } from "zod";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { acceptInvitation } from "@/lib/workspaces/accept";
import { inviteRefusalError } from "@/lib/workspaces/invitations";

export const dynamic = "force-dynamic";

const acceptInput = z.object({ token: z.string().min(1).max(200) });

/**
 * A signed-in user accepts an invitation sent to their verified address. An unknown link is 404;
 * another or an unverified address 403; a used, expired or revoked link 409; each with its message.
 */
export const POST = dashboardRoute("self", acceptInput, async ({ user, body, request }) => {
  const done = await acceptInvitation(db, body.token, user, requestOrigin(request));
  if (!done.ok) throw inviteRefusalError(done.reason);
  return { workspaceId: done.accountId };
});
