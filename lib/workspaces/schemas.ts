import { z } from "../platform/zod";
import { EMAIL_MAX } from "../auth/limits";
import { emailField, reauthProof } from "../auth/schemas";
import { WORKSPACE_NAME_MAX } from "./limits";
import { ROLES } from "./permissions";

// The request bodies of the workspace and its members, shared by the routes
// (app/api/dashboard/workspace, members) and the dashboard's hooks and forms
// (components/hooks/useWorkspaceMutations.ts, useMembersQuery.ts, components/members).

export { WORKSPACE_NAME_MAX };
export { EMAIL_MAX };

const name = z
  .string()
  .trim()
  .min(1, "Enter a name for the workspace")
  .max(WORKSPACE_NAME_MAX, `A workspace name has at most ${WORKSPACE_NAME_MAX} characters`);

export const workspaceNameInput = z.object({ name });
export type WorkspaceNameInput = z.infer<typeof workspaceNameInput>;

/** Re-authentication may come in the same request (the password, a code or a passkey). */
export const transferInput = z.object({ userId: z.string().min(1).max(64), ...reauthProof });
export type TransferInput = z.input<typeof transferInput>;

/** `confirm` is the workspace's name, typed by the owner. */
export const deleteInput = z.object({ confirm: z.string().max(200), ...reauthProof });
export type DeleteInput = z.input<typeof deleteInput>;

export const inviteInput = z.object({
  email: emailField,
  role: z.enum(ROLES),
});
export type InviteInput = z.input<typeof inviteInput>;

export const roleInput = z.object({ role: z.enum(ROLES) });
export type RoleInput = z.input<typeof roleInput>;

export const removeMemberInput = z.object({ revokeKeys: z.boolean().default(false) });
export type RemoveMemberInput = z.input<typeof removeMemberInput>;
