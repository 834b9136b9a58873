import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { findUserById } from "../accounts/store";
import { envStrOpt } from "../platform/config";
import { db } from "../platform/db";
import { isOperator } from "./access";

/**
 * For proxy.ts: whether the session cookie of a request for a console page is an operator's. Anyone
 * else is sent the unmatched address's own 404 before the page renders: a notFound() thrown by the
 * page answers the same status and title but an empty body filled from the payload (next.js#62228).
 * The pages still ask requireOperator, which also refuses a revoked session (next-auth's jwt callback).
 */
export async function consoleVisitorIsOperator(request: NextRequest): Promise<boolean> {
  const secret = envStrOpt("NEXTAUTH_SECRET");
  if (!secret) return false;
  const token = await getToken({ req: request, secret }).catch(() => null);
  const uid = typeof token?.uid === "string" ? token.uid : null;
  const user = uid ? await findUserById(db, uid) : null;
  return user !== null && (await isOperator(db, user));
}
