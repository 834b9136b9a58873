import { z } from "zod";
import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { inviteMember } from "@/lib/workspaces/invite";
import { ROLES } from "@/lib/workspaces/permissions";

export const dynamic = "force-dynamic";

const inviteInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email("Enter a valid email address").max(254, "Email is too long")),
  role: z.enum(ROLES),
});

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
