import { createUserWithAccount, userRowByEmail } from "../accounts/store";
import { recordAudit, type AuditContext } from "../audit/store";
import type { Db, DbOrTx } from "../platform/db";
import { isEmailVerified } from "../auth/email-verification";
import { hashPassword } from "../auth/password";
import { openInvitation, type InviteRefusal, type OpenInvitation } from "./invitations";
import { addMember, addOwner, spendInvitation } from "./store";

class SpentMeanwhile extends Error {}

export type AcceptResult =
  { ok: true; accountId: string; email: string } | { ok: false; reason: InviteRefusal };

/**
 * Spends the invitation and adds the membership, in the caller's transaction. The UPDATE checks
 * and spends in one statement: two clicks racing join once, the second sees "used".
 */
async function join(tx: DbOrTx, inv: OpenInvitation, userId: string, audit: AuditContext, now: number) {
  if (!(await spendInvitation(tx, inv.id, userId, new Date(now)))) return false;
  await addMember(tx, userId, inv.accountId, inv.role);
  await recordAudit(tx, {
    ...audit,
    accountId: inv.accountId,
    actorUserId: userId,
    action: "member.joined",
    targetType: "user",
    targetId: userId,
    detail: `${inv.email} as ${inv.role}`,
  });
  return true;
}

/** A signed-in user accepts: the invited address must be theirs, and verified. */
export async function acceptInvitation(
  db: Db,
  token: string,
  user: { id: string; email: string },
  audit: AuditContext,
  now = Date.now(),
): Promise<AcceptResult> {
  const open = await openInvitation(db, token, now);
  if (!open.ok) return open;
  const inv = open.value;
  if (inv.email !== user.email.trim().toLowerCase()) return { ok: false, reason: "other_address" };
  if (!(await isEmailVerified(db, user.id))) return { ok: false, reason: "unverified" };
  const joined = await db.$transaction((tx) => join(tx, inv, user.id, audit, now));
  return joined ? { ok: true, accountId: inv.accountId, email: inv.email } : { ok: false, reason: "used" };
}

/**
 * Sign-up through the link: the account is created for the invited address, with a workspace of
 * its own (kept when the member is later removed) and the invited membership. A mailed link proves
 * the address, so the account starts verified; a link the inviter copied proves nothing about it.
 */
export async function signUpByInvitation(
  db: Db,
  token: string,
  input: { name?: string; password: string },
  audit: AuditContext,
  now = Date.now(),
): Promise<AcceptResult> {
  const open = await openInvitation(db, token, now);
  if (!open.ok) return open;
  const inv = open.value;
  if (await userRowByEmail(db, inv.email)) return { ok: false, reason: "account_exists" };
  // Hashed before the transaction: the slow scrypt never holds a write lock.
  const passwordHash = await hashPassword(input.password, audit.ip ?? null);
  const name = input.name || null;
  const refused = await db
    .$transaction(async (tx): Promise<InviteRefusal | null> => {
      const user = await createUserWithAccount(
        tx,
        {
          email: inv.email,
          name,
          passwordHash,
          emailVerified: inv.delivery === "mail" ? new Date(now) : null,
        },
        name ?? inv.email,
      );
      await addOwner(tx, user.id, user.accountId);
      // A link spent meanwhile: throwing rolls the new account back.
      if (!(await join(tx, inv, user.id, audit, now))) throw new SpentMeanwhile();
      return null;
    })
    .catch((err: unknown): InviteRefusal => {
      if (err instanceof SpentMeanwhile) return "used";
      // Two sign-ups racing for one address: the unique index decides.
      if (String(err).includes("Unique constraint") || (err as { code?: string })?.code === "P2002")
        return "account_exists";
      throw err;
    });
  return refused ? { ok: false, reason: refused } : { ok: true, accountId: inv.accountId, email: inv.email };
}
