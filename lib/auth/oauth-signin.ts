import type { Account, Profile, User } from "next-auth";
import type { Db } from "../platform/db";
import { userRow } from "../accounts/store";
import { githubTicket } from "./github-2fa";
import { resolveOAuthSignIn, type OAuthSignIn } from "./oauth-link";
import { OIDC_PROVIDER_ID, oidcIdentity, oidcSettings, ssoRequiredFor } from "./oidc";
import { recentlyAuthenticated } from "./reauth";

/** The session the browser already has when it comes back from GitHub or the SSO provider. */
export interface CurrentSession {
  userId: string | null;
  sessionId: string | undefined;
}

/** What a GitHub sign-in's profile says about its email (set by lib/auth/github-provider.ts). */
const githubEmailVerified = (profile: Profile | undefined) =>
  (profile as { email_verified?: unknown } | undefined)?.email_verified === true;

async function resolve(
  db: Db,
  { user, account, profile }: { user: User; account: Account; profile: Profile | undefined },
  currentUserId: string | null,
): Promise<OAuthSignIn> {
  const base = { type: account.type, currentUserId };
  if (account.provider === OIDC_PROVIDER_ID) {
    const settings = oidcSettings();
    const identity = settings ? oidcIdentity(profile, settings.issuer) : null;
    if (!identity) return { ok: false, reason: "wrong_issuer" };
    if (!identity.ok) return { ok: false, reason: identity.reason };
    return resolveOAuthSignIn(db, {
      ...base,
      provider: OIDC_PROVIDER_ID,
      providerAccountId: identity.sub,
      email: identity.email,
      emailVerified: true,
      requireVerifiedEmail: true,
      name: identity.name,
    });
  }
  // GitHub: an address in a domain that must use SSO does not sign in (or link) through GitHub.
  const email = user.email ?? null;
  if (email && ssoRequiredFor(email)) return { ok: false, reason: "sso_required" };
  return resolveOAuthSignIn(db, {
    ...base,
    provider: account.provider,
    providerAccountId: account.providerAccountId,
    email,
    emailVerified: githubEmailVerified(profile),
    requireVerifiedEmail: false,
    name: user.name ?? null,
  });
}

/**
 * next-auth's signIn callback for GitHub and SSO: true to start the session, or where to send the
 * browser instead (a refusal on /signin, or the second-factor step for a user with two-factor on).
 * Linking while signed in is explicit linking and needs a recent re-authentication.
 */
export async function oauthSignIn(
  db: Db,
  params: { user: User; account: Account; profile: Profile | undefined },
  current: () => Promise<CurrentSession>,
): Promise<string | true> {
  const { userId: currentUserId, sessionId } = await current();
  if (currentUserId && !(await recentlyAuthenticated(db, sessionId)))
    return "/dashboard/account?error=reauth_required";
  const result = await resolve(db, params, currentUserId);
  if (!result.ok) return `/signin?error=${result.reason}`;
  if (currentUserId) return true;
  // A user with two-factor on must still pass it (lib/auth/github-2fa.ts: a sealed, short ticket).
  const local = await userRow(db, result.userId);
  return local?.totpEnabledAt ? `/signin?twofactor=${encodeURIComponent(githubTicket(result.userId))}` : true;
}
