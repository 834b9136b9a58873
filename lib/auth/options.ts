import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { headers } from "next/headers";
import { findOrCreateUser } from "../accounts";
import { clientIpFromChain } from "../client-ip";
import { db } from "../db";
import { logError } from "../log";
import { safeRedirectUrl } from "./callback";
import { authorizeCredentials } from "./credentials";
import {
  activeSession,
  createSession,
  endSessionBySid,
  SESSION_MAX_AGE_S,
  type SessionMeta,
} from "./sessions";

/** GitHub sign-in appears only when both env vars are set. */
export const githubEnabled = Boolean(process.env.GITHUB_ID && process.env.GITHUB_SECRET);

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
      },
      authorize: (credentials, req) => authorizeCredentials(credentials, req),
    }),
    ...(githubEnabled
      ? [GitHubProvider({ clientId: process.env.GITHUB_ID!, clientSecret: process.env.GITHUB_SECRET! })]
      : []),
  ],
  callbacks: {
    redirect: ({ url, baseUrl }) => safeRedirectUrl(url, baseUrl),
    async signIn({ user, account }) {
      if (account?.provider !== "github") return true;
      if (!user.email) return false;
      const local = await findOrCreateUser(db, user.email, user.name);
      await db.oAuthAccount.upsert({
        where: {
          provider_providerAccountId: { provider: "github", providerAccountId: account.providerAccountId },
        },
        create: {
          userId: local.id,
          type: account.type,
          provider: "github",
          providerAccountId: account.providerAccountId,
        },
        update: {},
      });
      return true;
    },
    async jwt({ token, user }) {
      if (user?.email) {
        const local = await db.user.findUnique({ where: { email: user.email.toLowerCase() } });
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
