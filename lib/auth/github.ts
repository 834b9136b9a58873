import type { Db } from "../platform/db";
import { resolveOAuthSignIn, userForOAuth, type OAuthSignIn } from "./oauth-link";
import { countLinks } from "./store/oauth-accounts";

export type GitHubSignIn = OAuthSignIn;

/** One entry of GitHub's `GET /user/emails`. */
export interface GitHubEmail {
  email: string;
  primary?: boolean;
  verified?: boolean;
}

/**
 * The address a GitHub sign-in may use: the primary one if GitHub verified it, else any verified
 * one. next-auth's GitHub provider falls back to the primary (or first) address without looking
 * at `verified`, and an unverified address on GitHub proves nothing.
 */
export function verifiedGitHubEmail(emails: unknown): string | null {
  if (!Array.isArray(emails)) return null;
  const list = emails.filter(
    (e): e is GitHubEmail => typeof e === "object" && e !== null && typeof e.email === "string",
  );
  const verified = list.filter((e) => e.verified === true);
  return (verified.find((e) => e.primary) ?? verified[0])?.email ?? null;
}

/**
 * Which local user a GitHub sign-in belongs to (lib/auth/oauth-link.ts): an existing account is
 * linked by email only when GitHub verified the address and the account's address is verified.
 */
export function resolveGitHubSignIn(
  db: Db,
  input: {
    providerAccountId: string;
    type: string;
    email: string | null;
    emailVerified?: boolean;
    name: string | null;
    currentUserId: string | null;
  },
): Promise<GitHubSignIn> {
  return resolveOAuthSignIn(db, {
    ...input,
    provider: "github",
    emailVerified: input.emailVerified === true,
    requireVerifiedEmail: false,
  });
}

/** The local user behind a GitHub identity (after resolveGitHubSignIn linked it). */
export function userForGitHub(db: Db, providerAccountId: string): Promise<string | null> {
  return userForOAuth(db, "github", providerAccountId);
}

/** Whether the user has linked a GitHub identity (the account page's GitHub section). */
export async function hasGitHubLink(db: Db, userId: string): Promise<boolean> {
  return (await countLinks(db, userId, "github")) > 0;
}
