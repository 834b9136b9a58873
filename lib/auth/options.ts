import { getServerSession, type NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { headers } from "next/headers";
import { clientIpFromChain } from "../client-ip";
import { db } from "../db";
import { logError } from "../log";
import { safeRedirectUrl } from "./callback";
import { authorizeCredentials } from "./credentials";
import { resolveGitHubSignIn, userForGitHub } from "./github";
import { githubTicket } from "./github-2fa";
import { recentlyAuthenticated } from "./reauth";
import {
  activeSession,
  createSession,
  endSessionBySid,
  SESSION_MAX_AGE_S,
  type SessionMeta,
} from "./sessions";
import { envStrOpt } from "../config";

/** GitHub sign-in appears only when both env vars are set. */
export const githubEnabled = Boolean(envStrOpt("GITHUB_ID") && envStrOpt("GITHUB_SECRET"));

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
    ...(githubEnabled
      ? [
          GitHubProvider({
            clientId: envStrOpt("GITHUB_ID") ?? "",
            clientSecret: envStrOpt("GITHUB_SECRET") ?? "",
          }),
        ]
      : []),
  ],
  callbacks: {
    redirect: ({ url, baseUrl }) => safeRedirectUrl(url, baseUrl),
    async signIn({ user, account }) {
      if (account?.provider !== "github") return true;
      // Linking while signed in is explicit linking; otherwise never by an unverified email.
      const current = await getServerSession(authOptions).catch(() => null);
      const currentUserId = current?.user?.id || null;
      // Linking is a security change: it needs a recent re-authentication of this session.
      if (currentUserId && !(await recentlyAuthenticated(db, current?.user?.sessionId)))
        return "/dashboard/account?error=reauth_required";
      const result = await resolveGitHubSignIn(db, {
        providerAccountId: account.providerAccountId,
        type: account.type,
        email: user.email ?? null,
        name: user.name ?? null,
        currentUserId,
      });
      if (!result.ok) return `/signin?error=${result.reason}`;
      if (currentUserId) return true;
      // A user with two-factor on must still pass it (lib/auth/github-2fa.ts).
      const local = await db.user.findUnique({
        where: { id: result.userId },
        select: { totpEnabledAt: true },
      });
      return local?.totpEnabledAt
        ? `/signin?twofactor=${encodeURIComponent(githubTicket(result.userId))}`
        : true;
    },
    async jwt({ token, user, account }) {
      if (user) {
        // Credentials: authorize() returned the local user; GitHub: the account signIn() linked.
        const localId =
          account?.provider === "github" ? await userForGitHub(db, account.providerAccountId) : user.id;
        const local = localId ? await db.user.findUnique({ where: { id: localId } }) : null;
        if (!local) throw new Error(SESSION_ENDED);
        token.uid = local.id;
        token.accountId = local.accountId;
        const session = await createSession(db, local.id, await requestMeta());
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
