import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { findUserById } from "../accounts/store";
import { db } from "../platform/db";
import { authOptions } from "./options";

export interface CurrentUser {
  id: string;
  email: string;
  name: string | null;
  accountId: string;
  /** This sign-in's row in user_sessions (lib/auth/sessions.ts); absent for users built in tests. */
  sessionId?: string;
}

/**
 * The signed-in user, re-read from the database (a deleted user's cookie stops working), of a
 * session that is still live (a revoked one yields null: next-auth's jwt callback checks it). Memoised
 * per request, so the layout and the page share one lookup.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = await getServerSession(authOptions);
  const id = session?.user?.id;
  if (!id) return null;
  const user = await findUserById(db, id);
  return user && { ...user, sessionId: session.user?.sessionId ?? "" };
});

/** For pages: the user, or a redirect to sign-in that comes back here afterwards. */
export async function requireUser(callbackPath: string): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(callbackPath)}`);
  return user;
}
