import { findOrCreateUser } from "../accounts";
import type { Db } from "../db";

export type GitHubSignIn =
  { ok: true; userId: string } | { ok: false; reason: "email_in_use" | "no_email" | "linked_elsewhere" };

/**
 * Which local user a GitHub sign-in belongs to. Emails here are never verified, so an email match
 * alone must not hand over an account: someone could register victim@corp with a password, and
 * the victim's later GitHub sign-in would land in the attacker's account. A GitHub identity is
 * linked only (1) when already linked, (2) explicitly, by a user signed in while connecting it, or
 * (3) to an account whose email was verified; a new email gets a new account.
 */
export async function resolveGitHubSignIn(
  db: Db,
  input: {
    providerAccountId: string;
    type: string;
    email: string | null;
    name: string | null;
    currentUserId: string | null;
  },
): Promise<GitHubSignIn> {
  const where = {
    provider_providerAccountId: { provider: "github", providerAccountId: input.providerAccountId },
  };
  const linked = await db.oAuthAccount.findUnique({ where, select: { userId: true } });
  if (linked) {
    if (input.currentUserId && linked.userId !== input.currentUserId)
      return { ok: false, reason: "linked_elsewhere" };
    return { ok: true, userId: linked.userId };
  }
  const link = (userId: string) =>
    db.oAuthAccount.create({
      data: { userId, type: input.type, provider: "github", providerAccountId: input.providerAccountId },
    });
  if (input.currentUserId) {
    await link(input.currentUserId);
    return { ok: true, userId: input.currentUserId };
  }
  const email = input.email?.trim().toLowerCase();
  if (!email) return { ok: false, reason: "no_email" };
  const existing = await db.user.findUnique({ where: { email }, select: { id: true, emailVerified: true } });
  if (existing && !existing.emailVerified) return { ok: false, reason: "email_in_use" };
  const user = existing ?? (await findOrCreateUser(db, email, input.name));
  await link(user.id);
  return { ok: true, userId: user.id };
}

/** The local user behind a GitHub identity (after resolveGitHubSignIn linked it). */
export async function userForGitHub(db: Db, providerAccountId: string): Promise<string | null> {
  const where = { provider_providerAccountId: { provider: "github", providerAccountId } };
  return (await db.oAuthAccount.findUnique({ where, select: { userId: true } }))?.userId ?? null;
}

/** Whether the user has linked a GitHub identity (the account page's GitHub section). */
export async function hasGitHubLink(db: Db, userId: string): Promise<boolean> {
  return (await db.oAuthAccount.count({ where: { userId, provider: "github" } })) > 0;
}
