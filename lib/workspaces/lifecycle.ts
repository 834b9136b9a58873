import { findUserById } from "../accounts/store";
import type { Result } from "../platform/errors";
import { recordAudit, type AuditContext } from "../audit/store";
import type { Db } from "../platform/db";
import { revokeApiKey } from "../keys/service";
import { revokeGrant } from "../oauth/grants";
import { liveGrantsOf } from "../oauth/store";
import { change, Refused, type Actor } from "./members";
import { mailDeleted, mailTransfer } from "./notify";
import { can, type Action } from "./permissions";
import { addOwner, roleIn, setMemberRole } from "./store";
import {
  accountName,
  createAccount,
  homeUserEmail,
  memberEmails,
  removeAllMembers,
  renameAccount,
  revokeOpenInvitations,
  stopWebhooks,
  unrevokedKeyIds,
} from "./store/lifecycle";

/**
 * A workspace's life after it was made: create another, rename, hand over to another member,
 * delete. Each checks the actor's role itself (the routes check it too), is audited in the
 * workspace's log and mailed where Stripe mails.
 */

const allowed = (actor: Actor, action: Action) => {
  const verdict = can(actor.role, action);
  if (!verdict.ok) throw new Refused("FORBIDDEN", verdict.message);
};

/** A new workspace with the user as its owner (a team beside their own). */
export async function createWorkspace(
  db: Db,
  userId: string,
  name: string,
  audit: AuditContext,
): Promise<{ id: string; name: string }> {
  return db.$transaction(async (tx) => {
    const account = await createAccount(tx, name);
    await addOwner(tx, userId, account.id);
    await recordAudit(tx, {
      ...audit,
      accountId: account.id,
      actorUserId: userId,
      action: "workspace.created",
      targetType: "workspace",
      targetId: account.id,
      detail: name,
    });
    return account;
  });
}

/** Renames the active workspace (owners and admins). */
export async function renameWorkspace(
  db: Db,
  actor: Actor,
  name: string,
  audit: AuditContext,
): Promise<Result<{ name: string }, "FORBIDDEN" | "NOT_FOUND" | "CONFLICT">> {
  return change(db, async (tx) => {
    allowed(actor, "workspace.rename");
    const before = await accountName(tx, actor.accountId);
    if (before === null) throw new Refused("NOT_FOUND", "Workspace not found");
    if (before === name) return { name };
    await renameAccount(tx, actor.accountId, name);
    await recordAudit(tx, {
      ...audit,
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action: "workspace.renamed",
      targetType: "workspace",
      targetId: actor.accountId,
      detail: `${before} → ${name}`,
    });
    return { name };
  });
}

/**
 * Makes another member the owner; the previous owner stays as an admin (Stripe's handover). The
 * route re-authenticates the owner first. Both parties are mailed.
 */
export async function transferOwnership(
  db: Db,
  actor: Actor,
  toUserId: string,
  audit: AuditContext,
): Promise<Result<{ owner: string }, "FORBIDDEN" | "NOT_FOUND" | "CONFLICT">> {
  const done = await change(db, async (tx) => {
    allowed(actor, "workspace.transfer");
    if (toUserId === actor.userId)
      throw new Refused("CONFLICT", "You are already an owner: choose another member");
    const role = await roleIn(tx, toUserId, actor.accountId);
    if (!role) throw new Refused("NOT_FOUND", "Member not found");
    await setMemberRole(tx, toUserId, actor.accountId, "owner");
    await setMemberRole(tx, actor.userId, actor.accountId, "admin");
    const [to, from, account] = await Promise.all([
      findUserById(tx, toUserId),
      findUserById(tx, actor.userId),
      accountName(tx, actor.accountId),
    ]);
    await recordAudit(tx, {
      ...audit,
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action: "workspace.transferred",
      targetType: "user",
      targetId: toUserId,
      detail: `${from?.email ?? actor.userId} → ${to?.email ?? toUserId} (was ${role}); the previous owner is now an admin`,
    });
    return { workspace: account ?? "", from: from?.email ?? "", to: to?.email ?? "" };
  });
  if (!done.ok) return done;
  await mailTransfer(done.value);
  return { ok: true, value: { owner: done.value.to } };
}

export interface Deleted {
  keysRevoked: number;
  webhooksStopped: number;
  membersRemoved: number;
}

/**
 * Deletes a workspace (owners only; `confirm` must be its name): its members are removed, its
 * pending invitations revoked, its webhooks stopped and its keys and connected apps revoked (every
 * instance's key cache is told, so /v1 answers 401 at once). Its records (usage, request log,
 * audit log with this deletion) stay for the operator. A workspace created with a user's account
 * (their own) cannot be deleted: the account lives in it.
 */
export async function deleteWorkspace(
  db: Db,
  actor: Actor,
  confirm: string,
  audit: AuditContext,
): Promise<Result<Deleted, "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "INVALID_PARAMETER">> {
  const name = await accountName(db, actor.accountId);
  if (name === null) return { ok: false, code: "NOT_FOUND", message: "Workspace not found" };
  if (confirm.trim() !== name)
    return {
      ok: false,
      code: "INVALID_PARAMETER",
      message: `confirm: type the workspace's name, ${name}, to delete it`,
    };
  const now = new Date();
  const done = await change(db, async (tx) => {
    allowed(actor, "workspace.delete");
    const home = await homeUserEmail(tx, actor.accountId);
    if (home)
      throw new Refused(
        "CONFLICT",
        `This is the workspace created with ${home}'s account; it cannot be deleted. Create a new workspace for a team you may delete later.`,
      );
    const members = await memberEmails(tx, actor.accountId);
    await removeAllMembers(tx, actor.accountId);
    await revokeOpenInvitations(tx, actor.accountId, now);
    const hooks = await stopWebhooks(tx, actor.accountId, now, "Workspace deleted");
    const by = await findUserById(tx, actor.userId);
    await recordAudit(tx, {
      ...audit,
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action: "workspace.deleted",
      targetType: "workspace",
      targetId: actor.accountId,
      detail: `${name}: ${members.length} members removed, ${hooks} webhooks stopped`,
    });
    return { members, webhooks: hooks, by: by?.email ?? "" };
  });
  if (!done.ok) return done;
  // After the commit: each revocation announces its key to every instance (lib/keys/service.ts).
  const keys = await unrevokedKeyIds(db, actor.accountId);
  for (const grant of await liveGrantsOf(db, actor.accountId, 1000))
    await revokeGrant(
      db,
      grant,
      { action: "oauth.revoked", actorUserId: actor.userId, detail: "Workspace deleted" },
      audit,
    );
  let keysRevoked = 0;
  for (const id of keys)
    if (await revokeApiKey(db, { accountId: actor.accountId, id }, actor.userId, audit)) keysRevoked++;
  await mailDeleted({ workspace: name, by: done.value.by, members: done.value.members });
  return {
    ok: true,
    value: { keysRevoked, webhooksStopped: done.value.webhooks, membersRemoved: done.value.members.length },
  };
}
