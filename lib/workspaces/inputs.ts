import { z } from "zod";
import { WORKSPACE_NAME_MAX } from "./limits";

// The request bodies of the workspace's life, shared by the routes (app/api/dashboard/workspace)
// and the dashboard's hooks (components/hooks/useWorkspaceMutations.ts).

const name = z
  .string()
  .trim()
  .min(1, "Enter a name for the workspace")
  .max(WORKSPACE_NAME_MAX, `A workspace name has at most ${WORKSPACE_NAME_MAX} characters`);

/** Re-authentication in the same request: the password or a 6-digit (or recovery) code. */
const proof = {
  password: z.string().min(1, "Enter your password").max(200).optional(),
  code: z.string().trim().min(1, "Enter a code").max(40).optional(),
};

export const workspaceNameInput = z.object({ name });
export type WorkspaceNameInput = z.infer<typeof workspaceNameInput>;

export const transferInput = z.object({ userId: z.string().min(1).max(64), ...proof });
export type TransferInput = z.infer<typeof transferInput>;

/** `confirm` is the workspace's name, typed by the owner. */
export const deleteInput = z.object({ confirm: z.string().max(200), ...proof });
export type DeleteInput = z.infer<typeof deleteInput>;
