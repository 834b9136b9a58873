import { findOrCreateUser } from "../accounts/users";
import type { Db } from "../platform/db";
import { updateUser, userRowByEmail } from "../accounts/store";
import { linkIdentity, linkedUserId } from "./store/oauth-accounts";

export type OAuthRefusal =
  "email_in_use" | "no_email" | "linked_elsewhere" | "unverified_email" | "sso_required" | "wrong_issuer";

export type OAuthSignIn = { ok: true; userId: string } | { ok: false; reason: OAuthRefusal };

/**
 * Which local user an OAuth / OpenID Connect sign-in (GitHub, the SSO provider) belongs to. An
 * email match alone must not hand over an account: someone could register victim@corp with a
 * password, and the victim's later sign-in would land in the attacker's account. An identity is
 * linked only (1) when already linked, (2) explicitly, by a user signed in while connecting it, or
 * (3) by email when the provider says it verified the address AND the local account's address is
 * verified. A new email gets a new account, verified when the provider verified it.
 * `requireVerifiedEmail` (SSO) refuses a first sign-in whose address the provider did not verify.
 */
export async function resolveOAuthSignIn(
  db: Db,
  input: {
    provider: string;
    providerAccountId: string;
    type: string;
    email: string | null;
    emailVerified: boolean;
    requireVerifiedEmail: boolean;
    name: string | null;
    currentUserId: string | null;
  },
): Promise<OAuthSignIn> {
  const { provider, providerAccountId } = input;
  const linked = await linkedUserId(db, provider, providerAccountId);
  if (linked) {
    if (input.currentUserId && linked !== input.currentUserId)
      return { ok: false, reason: "linked_elsewhere" };
    return { ok: true, userId: linked };
  }
  const link = (userId: string) =>
    linkIdentity(db, { userId, type: input.type, provider, providerAccountId });
  if (input.currentUserId) {
    await link(input.currentUserId);
    return { ok: true, userId: input.currentUserId };
  }
  const email = input.email?.trim().toLowerCase();
  if (!email) return { ok: false, reason: "no_email" };
  if (input.requireVerifiedEmail && !input.emailVerified) return { ok: false, reason: "unverified_email" };
  const existing = await userRowByEmail(db, email);
  if (existing && !existing.emailVerified) return { ok: false, reason: "email_in_use" };
  if (existing && !input.emailVerified) return { ok: false, reason: "unverified_email" };
  const user = existing ?? (await findOrCreateUser(db, email, input.name));
  if (!existing && input.emailVerified) await updateUser(db, user.id, { emailVerified: new Date() });
  await link(user.id);
  return { ok: true, userId: user.id };
}

/** The local user behind a linked identity (after resolveOAuthSignIn linked it). */
export async function userForOAuth(
  db: Db,
  provider: string,
  providerAccountId: string,
): Promise<string | null> {
  return linkedUserId(db, provider, providerAccountId);
}
