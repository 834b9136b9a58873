import { dashboardRoute, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { workspaceNameInput } from "@/lib/workspaces/inputs";
import { createWorkspace } from "@/lib/workspaces/lifecycle";

export const dynamic = "force-dynamic";

/** Creates a workspace owned by the caller (a team beside their own); 201 with its id. */
export const POST = dashboardRoute("self", workspaceNameInput, async ({ user, body, request }) => {
  const made = await createWorkspace(db, user.id, body.name, requestOrigin(request));
  return jsonResponse(201, { data: made });
});
