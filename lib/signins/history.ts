import type { Db } from "../platform/db";
import { logError } from "../platform/log";
import { browserKey } from "../platform/util/user-agent";
import { mailNewSignIn } from "./mail";
import * as store from "./store";

/**
 * Every successful sign-in (password, passkey, GitHub, SSO) is kept with its time, address (the
 * client address rule of lib/platform/client-ip.ts, as sessions keep it) and browser, for Account's history;
 * at most KEEP per user and none older than KEEP_DAYS. One from a browser and address pair not seen
 * before in that history is mailed to the user (the first sign-in on record is not: nothing to
 * compare it with).
 */
export const KEEP = 50;
export const KEEP_DAYS = 90;
const DAY_MS = 86_400_000;

export type SignInMethod = "password" | "passkey" | "github" | "oidc";

export interface SignInView {
  id: string;
  at: string;
  ip: string | null;
  userAgent: string | null;
  method: string;
}

const since = (now: number) => new Date(now - KEEP_DAYS * DAY_MS);

export async function listSignIns(db: Db, userId: string, now = Date.now()): Promise<SignInView[]> {
  const rows = await store.recentSignIns(db, userId, since(now), KEEP);
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    ip: r.ip,
    userAgent: r.userAgent,
    method: r.method,
  }));
}

interface Who {
  id: string;
  email: string;
}
interface Where {
  ip: string | null;
  userAgent: string | null;
}

/** Records a sign-in; answers whether it came from a new browser and address pair. */
export async function recordSignIn(
  db: Db,
  user: Who,
  where: Where,
  method: SignInMethod,
  now = Date.now(),
): Promise<boolean> {
  const earlier = await store.recentSignIns(db, user.id, since(now), KEEP);
  const ip = where.ip?.slice(0, 64) ?? null;
  const userAgent = where.userAgent?.slice(0, 300) ?? null;
  const key = browserKey(userAgent);
  const seen = earlier.some((r) => r.ip === ip && browserKey(r.userAgent) === key);
  await store.insertSignIn(db, { userId: user.id, ip, userAgent, method });
  await store.pruneSignIns(db, user.id, since(now), KEEP);
  return earlier.length > 0 && !seen;
}

/**
 * The sign-in hook of lib/auth/options.ts: records the sign-in and mails a new one without
 * holding the sign-in up; a failure is logged, never a refused sign-in.
 */
export async function noteSignIn(db: Db, user: Who, where: Where, method: SignInMethod): Promise<void> {
  try {
    const fresh = await recordSignIn(db, user, where, method);
    if (fresh) void mailNewSignIn(user.email, where, method, new Date());
  } catch (err) {
    logError("sign-in history not recorded", err);
  }
}
