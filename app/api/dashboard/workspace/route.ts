import { assertOk } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { workspaceNameInput } from "@/lib/workspaces/inputs";
import { renameWorkspace } from "@/lib/workspaces/lifecycle";

export const dynamic = "force-dynamic";

/** Renames the active workspace (owners and admins); audited. */
export const PATCH = dashboardRoute(
  "workspace.rename",
  workspaceNameInput,
  async ({ user, body, request }) => {
    const done = await renameWorkspace(
      db,
      { userId: user.id, accountId: user.accountId, role: user.role },
      body.name,
      requestOrigin(request),
    );
    assertOk(done);
    return done.value;
  },
);
