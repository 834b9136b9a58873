import GitHubProvider from "next-auth/providers/github";
import { verifiedGitHubEmail } from "./github";

/** GitHub's API, read after the OAuth exchange with the user's token (scope `user:email`). */
const GITHUB_API = "https://api.github.com";

/**
 * next-auth's GitHub provider, except that the profile's email is one GitHub verified
 * (`email_verified: true`), read from `GET /user/emails`: the stock provider takes the public or
 * primary address without looking at `verified` (lib/auth/github.ts).
 */
export function githubProvider(clientId: string, clientSecret: string) {
  return GitHubProvider({
    clientId,
    clientSecret,
    userinfo: {
      url: `${GITHUB_API}/user`,
      async request({ client, tokens }) {
        const profile = await client.userinfo(tokens.access_token ?? "");
        const res = await fetch(`${GITHUB_API}/user/emails`, {
          headers: { Authorization: `token ${tokens.access_token}`, Accept: "application/json" },
          signal: AbortSignal.timeout(10_000),
        }).catch(() => null);
        const verified = res?.ok ? verifiedGitHubEmail(await res.json().catch(() => null)) : null;
        return { ...profile, email: verified ?? profile.email, email_verified: verified !== null };
      },
    },
  });
}
