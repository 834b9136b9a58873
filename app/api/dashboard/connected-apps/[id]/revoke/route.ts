import { grantOwner } from "@/lib/workspaces/store";
import { notFound } from "@/lib/platform/errors";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { revokeConnectedApp } from "@/lib/oauth/consent";

export const dynamic = "force-dynamic";

/**
 * Disconnects an app: its tokens are deleted and its key revoked, so its next /mcp call is a 401
 * within the revocation bound. Another account's connection answers 404 like a missing one.
 */
export const POST = dashboardRoute(
  { action: "keys.manage", ownerOf: grantOwner },
  null,
  async ({ user, params, request }) => {
    const revoked = await revokeConnectedApp(db, { grantId: params.id ?? "", user }, requestOrigin(request));
    if (!revoked) throw notFound("Connected app");
    return { revoked: true };
  },
);
