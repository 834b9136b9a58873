import "next-auth";

declare module "next-auth" {
  interface Session {
    user?: {
      id: string;
      accountId: string;
      /** The user_sessions row of this sign-in (not secret; the account page marks it). */
      sessionId: string;
      email?: string | null;
      name?: string | null;
      image?: string | null;
    };
  }
}
