import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit";
import { hashPassword } from "@/lib/auth/password";
import { passwordProblem } from "@/lib/auth/password-policy";
import { proveIdentity, requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { endOtherSessions } from "@/lib/auth/sessions";
import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

const input = z.object({
  currentPassword: z.string().max(200).optional(),
  newPassword: z.string().max(10_000, "Password must be at most 200 characters"),
});

/**
 * Changes (or, for a GitHub-only user, sets) the password. The current password is required when
 * there is one (checked under the sign-in throttle); otherwise a recent re-authentication. Every
 * other session of the user ends; this one stays.
 */
export const POST = dashboardRoute(input, async ({ user, body, request }) => {
  const row = await db.user.findUnique({ where: { id: user.id }, select: { passwordHash: true } });
  if (row?.passwordHash) {
    if (!body.currentPassword) throw new ApiError("INVALID_PARAMETER", "Enter your current password");
    await proveIdentity(db, user, { password: body.currentPassword }, request.headers.get("x-forwarded-for"));
  } else await requireRecentAuth(db, user);
  const origin = requestOrigin(request);
  const problem = await passwordProblem(body.newPassword, [user.email, user.name]);
  if (problem) throw new ApiError("INVALID_PARAMETER", problem);
  const passwordHash = await hashPassword(body.newPassword, origin.ip);
  await db.user.update({ where: { id: user.id }, data: { passwordHash } });
  const ended = await endOtherSessions(db, user.id, user.sessionId || null);
  await recordAudit(db, {
    ...origin,
    accountId: user.accountId,
    actorUserId: user.id,
    action: "password.changed",
    targetType: "user",
    targetId: user.id,
    detail: `${ended} other sessions ended`,
  });
  return { changed: true, otherSessionsEnded: ended };
});
