import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { inviteMember } from "@/lib/workspaces/invite";
import { inviteInput } from "@/lib/workspaces/schemas";

export const dynamic = "force-dynamic";

/** Invites an address with a role; the link is in the answer only when no mail was sent. */
export const POST = dashboardRoute("members.manage", inviteInput, async ({ user, body, request }) => {
  const invited = await inviteMember(
    db,
    { userId: user.id, accountId: user.accountId, role: user.role, email: user.email },
    body,
    requestOrigin(request),
    new URL(request.url).origin,
  );
  return jsonResponse(201, { data: invited });
});
