import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { findOrCreateUser } from "../accounts";
import { db } from "../db";
import { safeRedirectUrl } from "./callback";
import { HashBusyError, verifyPassword } from "./password";
import { signInRefusal } from "./refusal";
import { beginSignIn, signInSucceeded, throttleKeys } from "./throttle";

/** GitHub sign-in appears only when both env vars are set. */
export const githubEnabled = Boolean(process.env.GITHUB_ID && process.env.GITHUB_SECRET);

export const authOptions: NextAuthOptions = {
  // JWT sessions in an httpOnly cookie (Secure when NEXTAUTH_URL is https); no session table.
  session: { strategy: "jwt", maxAge: 7 * 24 * 3600 },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials, req) {
        const email = credentials?.email?.trim().toLowerCase();
        const password = credentials?.password ?? "";
        if (!email || !password || email.length > 254 || password.length > 200) return null;
        const forwardedFor = req?.headers?.["x-forwarded-for"] as string | undefined;
        const keys = throttleKeys(email, forwardedFor);
        const attempt = await beginSignIn(keys);
        // next-auth turns a throw into ?error=<message>; app/api/auth/[...nextauth] makes it a 429/503.
        if (!attempt.allowed) throw new Error(signInRefusal("throttled", attempt.retryAfterMs));
        const user = await db.user.findUnique({ where: { email } });
        let ok: boolean;
        try {
          ok = await verifyPassword(password, user?.passwordHash);
        } catch (err) {
          if (err instanceof HashBusyError) throw new Error(signInRefusal("busy", 1000));
          throw err;
        }
        if (!ok || !user) return null;
        await signInSucceeded(keys);
        return { id: user.id, email: user.email, name: user.name };
      },
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
        if (local) {
          token.uid = local.id;
          token.accountId = local.accountId;
        }
      }
      return token;
    },
    async session({ session, token }) {
      if (session.user) {
        session.user.id = typeof token.uid === "string" ? token.uid : "";
        session.user.accountId = typeof token.accountId === "string" ? token.accountId : "";
      }
      return session;
    },
  },
};
