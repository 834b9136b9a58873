import { dashboardRoute } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { mailConfigured } from "@/lib/mail";
import { listPendingInvitations } from "@/lib/workspaces/invitations";
import { assignableRoles, can } from "@/lib/workspaces/permissions";
import { listMembers, workspaceSummary } from "@/lib/workspaces/store";

export const dynamic = "force-dynamic";

/** The Members page: the workspace, its members, pending invitations (for those who manage members) and your role. */
export const GET = dashboardRoute("members.read", null, async ({ user }) => {
  const manage = can(user.role, "members.manage").ok;
  const [members, invitations, workspace] = await Promise.all([
    listMembers(db, user.accountId),
    manage ? listPendingInvitations(db, user.accountId) : Promise.resolve([]),
    workspaceSummary(db, user.accountId),
  ]);
  return {
    workspace,
    members,
    invitations,
    you: { userId: user.id, role: user.role },
    assignable: assignableRoles(user.role),
    mail: mailConfigured(),
  };
});
