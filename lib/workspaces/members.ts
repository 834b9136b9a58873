import { findUserById } from "../accounts/store";
import type { Result } from "../platform/errors";
import { recordAudit, type AuditContext } from "../audit/store";
import { endOtherSessions } from "../auth/sessions";
import type { Db, Tx } from "../platform/db";
import { revokeApiKey } from "../keys/service";
import { mailRemoved } from "./notify";
import { canChangeMember, type Role } from "./permissions";
import { deleteMember, keysCreatedBy, ownerCount, roleIn, setMemberRole } from "./store";
import { accountName } from "./store/lifecycle";

/** Who acts: the signed-in member and their role in the active workspace. */
export interface Actor {
  userId: string;
  accountId: string;
  role: Role;
}

const LAST_OWNER = "A workspace needs an owner: make another member owner first";

/** A refusal thrown inside a membership transaction; `change` turns it into the verdict. */
export class Refused extends Error {
  constructor(
    readonly code: "FORBIDDEN" | "NOT_FOUND" | "CONFLICT",
    message: string,
  ) {
    super(message);
  }
}

/** Runs a membership change in one transaction; a refusal inside it becomes the verdict. */
export async function change<T>(db: Db, work: (tx: Tx) => Promise<T>) {
  try {
    return { ok: true as const, value: await db.$transaction(work) };
  } catch (err) {
    if (err instanceof Refused) return { ok: false as const, code: err.code, message: err.message };
    throw err;
  }
}

/** Changes a member's role. Escalation above the actor's own role and the last owner are refused. */
export async function changeRole(
  db: Db,
  actor: Actor,
  targetUserId: string,
  next: Role,
  audit: AuditContext,
): Promise<Result<{ role: Role }, "FORBIDDEN" | "NOT_FOUND" | "CONFLICT">> {
  return change(db, async (tx) => {
    const current = await roleIn(tx, targetUserId, actor.accountId);
    if (!current) throw new Refused("NOT_FOUND", "Member not found");
    const verdict = canChangeMember(actor.role, current, next);
    if (!verdict.ok) throw new Refused("FORBIDDEN", verdict.message);
    if (current === next) return { role: next };
    if (current === "owner" && (await ownerCount(tx, actor.accountId)) <= 1)
      throw new Refused("CONFLICT", LAST_OWNER);
    await setMemberRole(tx, targetUserId, actor.accountId, next);
    const who = await findUserById(tx, targetUserId);
    await recordAudit(tx, {
      ...audit,
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action: "member.role_changed",
      targetType: "user",
      targetId: targetUserId,
      detail: `${who?.email ?? targetUserId}: ${current} → ${next}`,
    });
    return { role: next };
  });
}

/**
 * Removes a member (or, when the actor is the target, leaves). The removed member's dashboard
 * sessions end at once here and within SESSION_CHECK_TTL_MS on other instances; the keys they
 * created keep working unless `revokeKeys`.
 */
export async function removeMember(
  db: Db,
  actor: Actor,
  targetUserId: string,
  opts: { revokeKeys: boolean },
  audit: AuditContext,
): Promise<Result<{ keysRevoked: number; sessionsEnded: number }, "FORBIDDEN" | "NOT_FOUND" | "CONFLICT">> {
  const leaving = targetUserId === actor.userId;
  const removed = await change(db, async (tx) => {
    const current = await roleIn(tx, targetUserId, actor.accountId);
    if (!current) throw new Refused("NOT_FOUND", "Member not found");
    if (!leaving) {
      const verdict = canChangeMember(actor.role, current, null);
      if (!verdict.ok) throw new Refused("FORBIDDEN", verdict.message);
    }
    if (current === "owner" && (await ownerCount(tx, actor.accountId)) <= 1)
      throw new Refused("CONFLICT", LAST_OWNER);
    await deleteMember(tx, targetUserId, actor.accountId);
    const who = await findUserById(tx, targetUserId);
    await recordAudit(tx, {
      ...audit,
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action: leaving ? "member.left" : "member.removed",
      targetType: "user",
      targetId: targetUserId,
      detail: `${who?.email ?? targetUserId} (${current})${opts.revokeKeys ? ", keys revoked" : ""}`,
    });
    const by = leaving ? null : ((await findUserById(tx, actor.userId))?.email ?? "an admin");
    const workspace = (await accountName(tx, actor.accountId)) ?? "";
    return { person: who?.email ?? "", by, workspace };
  });
  if (!removed.ok) return removed;
  if (removed.value.person) await mailRemoved(removed.value);
  let keysRevoked = 0;
  if (opts.revokeKeys) {
    for (const id of await keysCreatedBy(db, actor.accountId, targetUserId)) {
      if (await revokeApiKey(db, { accountId: actor.accountId, id }, actor.userId, audit)) keysRevoked++;
    }
  }
  // Leaving keeps the leaver signed in (their other workspaces); a removal signs them out everywhere.
  const sessionsEnded = leaving ? 0 : await endOtherSessions(db, targetUserId, null);
  return { ok: true, value: { keysRevoked, sessionsEnded } };
}
