import { getServerSession, type NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { headers } from "next/headers";
import { clientIpFromChain } from "../platform/client-ip";
import { userRow } from "../accounts/store";
import { db } from "../platform/db";
import { logError } from "../platform/log";
import { safeRedirectUrl } from "./callback";
import { noteSignIn, type SignInMethod } from "../signins/history";
import { authorizeCredentials, authorizePasskey } from "./credentials";
import { githubProvider } from "./github-provider";
import { userForOAuth } from "./oauth-link";
import { oauthSignIn } from "./oauth-signin";
import { oidcProvider, oidcSettings } from "./oidc";
import {
  activeSession,
  createSession,
  endSessionBySid,
  SESSION_MAX_AGE_S,
  type SessionMeta,
} from "./sessions";
import { envStrOpt } from "../platform/config";

/** GitHub sign-in appears only when both env vars are set. */
export const githubEnabled = Boolean(envStrOpt("GITHUB_ID") && envStrOpt("GITHUB_SECRET"));
const oidc = oidcSettings();

// Thrown by the jwt callback for a revoked session: next-auth then clears the cookie and answers
// an empty session (and getServerSession null). Expected, so not logged as an error.
const SESSION_ENDED = "session ended";

async function requestMeta(): Promise<SessionMeta> {
  try {
    const h = await headers();
    return { ip: clientIpFromChain(h.get("x-forwarded-for")), userAgent: h.get("user-agent") };
  } catch {
    return { ip: null, userAgent: null };
  }
}

/** Providers whose authorize() returns the local user itself (no OAuth identity to look up). */
const LOCAL_PROVIDERS = new Set(["credentials", "passkey"]);

function signInMethod(provider: string | undefined): SignInMethod {
  if (provider === "passkey" || provider === "github" || provider === "oidc") return provider;
  return "password";
}

export const authOptions: NextAuthOptions = {
  // A JWT in an httpOnly cookie (Secure when NEXTAUTH_URL is https) carrying a random session id
  // that must match a live row in user_sessions (lib/auth/sessions.ts): revocable.
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        otp: { label: "Authentication code", type: "text" },
      },
      authorize: (credentials, req) => authorizeCredentials(credentials, req),
    }),
    // Sign-in with a passkey alone (discoverable credential; lib/passkeys/authenticate.ts).
    CredentialsProvider({
      id: "passkey",
      name: "Passkey",
      credentials: { assertion: { label: "Passkey", type: "text" } },
      authorize: (credentials) => authorizePasskey(credentials),
    }),
    ...(githubEnabled
      ? [githubProvider(envStrOpt("GITHUB_ID") ?? "", envStrOpt("GITHUB_SECRET") ?? "")]
      : []),
    ...(oidc ? [oidcProvider(oidc)] : []),
  ],
  callbacks: {
    redirect: ({ url, baseUrl }) => safeRedirectUrl(url, baseUrl),
    async signIn({ user, account, profile }) {
      if (!account || LOCAL_PROVIDERS.has(account.provider)) return true;
      // GitHub and SSO: linking rules, refusals and two-factor in lib/auth/oauth-signin.ts.
      return oauthSignIn(db, { user, account, profile }, async () => {
        const current = await getServerSession(authOptions).catch(() => null);
        return { userId: current?.user?.id || null, sessionId: current?.user?.sessionId };
      });
    },
    async jwt({ token, user, account }) {
      if (user) {
        // Credentials: authorize() returned the local user; GitHub, SSO: the account signIn() linked.
        const localId =
          account && !LOCAL_PROVIDERS.has(account.provider)
            ? await userForOAuth(db, account.provider, account.providerAccountId)
            : user.id;
        const local = localId ? await userRow(db, localId) : null;
        if (!local) throw new Error(SESSION_ENDED);
        token.uid = local.id;
        token.accountId = local.accountId;
        const meta = await requestMeta();
        const session = await createSession(db, local.id, meta);
        await noteSignIn(db, local, meta, signInMethod(account?.provider));
        token.sid = session.sid;
        token.sessionId = session.id;
        return token;
      }
      const live = await activeSession(db, token.sid, await requestMeta());
      if (!live || live.userId !== token.uid) throw new Error(SESSION_ENDED);
      return token;
    },
    async session({ session, token }) {
      if (session.user) {
        session.user.id = typeof token.uid === "string" ? token.uid : "";
        session.user.accountId = typeof token.accountId === "string" ? token.accountId : "";
        session.user.sessionId = typeof token.sessionId === "string" ? token.sessionId : "";
      }
      return session;
    },
  },
  events: {
    // Sign-out ends the session server-side: a copy of the cookie stops working too.
    signOut: ({ token }) => endSessionBySid(db, token?.sid),
  },
  logger: {
    error(code, metadata) {
      if ((metadata as { message?: unknown } | undefined)?.message === SESSION_ENDED) return;
      logError(`next-auth ${code}`, metadata);
    },
    warn() {},
    debug() {},
  },
};
