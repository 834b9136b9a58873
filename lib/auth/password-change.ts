import type { Db } from "../platform/db";
import { updateUser, userRow } from "../accounts/store";
import { ApiError, fieldError } from "../platform/errors";
import { recordAudit } from "../audit/store";
import { hashPassword } from "./password";
import { passwordProblem } from "./password-policy";
import { proveIdentity, requireRecentAuth } from "./reauth";
import { endOtherSessions } from "./sessions";
import type { CurrentUser } from "./session";

/**
 * Changes (or, for a GitHub-only user, sets) the password. The current password is required when
 * there is one (checked under the sign-in throttle); otherwise a recent re-authentication. Every
 * other session of the user ends; this one stays.
 */
export async function changePassword(
  db: Db,
  user: CurrentUser,
  input: { currentPassword?: string; newPassword: string },
  origin: { ip: string | null; userAgent: string | null },
  forwardedFor: string | null,
): Promise<{ changed: true; otherSessionsEnded: number }> {
  const row = await userRow(db, user.id);
  if (row?.passwordHash) {
    if (!input.currentPassword) throw fieldError("currentPassword", "Enter your current password");
    // A wrong password is the current-password field's problem; a throttle is the form's.
    await proveIdentity(db, user, { password: input.currentPassword }, forwardedFor).catch((err: unknown) => {
      throw err instanceof ApiError && err.code === "INVALID_PARAMETER"
        ? fieldError("currentPassword", err.message)
        : err;
    });
  } else await requireRecentAuth(db, user);
  const problem = await passwordProblem(input.newPassword, [user.email, user.name]);
  if (problem) throw fieldError("newPassword", problem);
  const passwordHash = await hashPassword(input.newPassword, origin.ip);
  await updateUser(db, user.id, { passwordHash });
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
}
