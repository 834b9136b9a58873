import "next-auth";

declare module "next-auth" {
  interface Session {
    user?: {
      id: string;
      accountId: string;
      email?: string | null;
      name?: string | null;
      image?: string | null;
    };
  }
}
