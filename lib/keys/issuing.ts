import { ApiError } from "../platform/errors";
import { isEmailVerified, UNVERIFIED_LIVE_KEY_MESSAGE } from "../auth/email-verification";
import { recentlyAuthenticated, REAUTH_MESSAGE } from "../auth/reauth";
import type { Db } from "../platform/db";
import { can, type Role } from "../workspaces/permissions";
import type { Environment } from "./format";
import { INGEST_SCOPE, type Scope } from "./scope-names";
import { accountKeyRefusal, INGEST_OPERATORS_ONLY } from "./service";

/**
 * Who asks for a credential: the person, the workspace the key goes into and their role there, and
 * how they proved who they are. `session` is a signed-in browser (its re-authentication age is
 * checked for live keys); "admin-cli" is the shell of the server (`npm run admin`): whoever runs it
 * already holds the database.
 */
export interface Issuer {
  userId: string;
  /** The person's own account: the only one an `ingest` key of theirs may go into. */
  homeAccountId: string;
  accountId: string;
  role: Role;
  session: { sessionId: string | undefined } | "admin-cli";
}

/** A signed-in member (lib/workspaces/member.ts) as an issuer. */
export const sessionIssuer = (member: {
  id: string;
  accountId: string;
  homeAccountId: string;
  role: Role;
  sessionId?: string;
}): Issuer => ({
  userId: member.id,
  homeAccountId: member.homeAccountId,
  accountId: member.accountId,
  role: member.role,
  session: { sessionId: member.sessionId },
});

export interface CredentialAsk {
  environment: Environment;
  /** null/undefined: every read scope. */
  scopes?: readonly Scope[] | null;
  /** "keys.create" for a new key, "keys.manage" to roll one (its owner check is the route's). */
  action?: "keys.create" | "keys.manage";
  /** A consent form (agent handoff, OAuth): never hands out the write scope, operator or not. */
  consent?: boolean;
}

export const INGEST_NOT_BY_CONSENT =
  "The 'ingest' scope is never handed out through a consent form: create the key on the dashboard's API keys page";

/**
 * The one policy for issuing a credential, asked by every path that makes a key or token (the
 * dashboard's create and roll, the admin CLI, the agent handoff's approval, OAuth consent): the
 * role may create keys; the account is not suspended; `ingest` only by an operator into their own
 * operator account; a live key asked for from a browser needs a verified email address and a
 * re-authentication within the last 10 minutes. Each refusal is 403 FORBIDDEN with the same message
 * on every path, checked in this order.
 */
export async function credentialRefusal(db: Db, issuer: Issuer, ask: CredentialAsk): Promise<string | null> {
  const verdict = can(issuer.role, ask.action ?? "keys.create");
  if (!verdict.ok) return verdict.message;
  const account = await accountKeyRefusal(db, issuer.accountId, ask.scopes);
  if (account) return account;
  const personal = personalScopeRefusal(issuer, ask.scopes);
  if (personal) return personal;
  if (ask.consent && ask.scopes?.includes(INGEST_SCOPE)) return INGEST_NOT_BY_CONSENT;
  // The admin CLI is the install's own shell: whoever runs it holds the database and vouches for
  // the address (as `admin user verify` does), so the live-key rules are for people in a browser.
  if (ask.environment === "live" && issuer.session !== "admin-cli") {
    if (!(await isEmailVerified(db, issuer.userId))) return UNVERIFIED_LIVE_KEY_MESSAGE;
    if (!(await recentlyAuthenticated(db, issuer.session.sessionId))) return REAUTH_MESSAGE;
  }
  return null;
}

/** credentialRefusal as a 403 FORBIDDEN ApiError. */
export async function assertMayIssue(db: Db, issuer: Issuer, ask: CredentialAsk): Promise<void> {
  const refusal = await credentialRefusal(db, issuer, ask);
  if (refusal) throw new ApiError("FORBIDDEN", refusal);
}

/** Operator rights are the person's: a member of an operator's workspace holds none of them. */
function personalScopeRefusal(issuer: Issuer, scopes: readonly Scope[] | null | undefined): string | null {
  return scopes?.includes(INGEST_SCOPE) && issuer.accountId !== issuer.homeAccountId
    ? INGEST_OPERATORS_ONLY
    : null;
}

/**
 * An edit's new scopes (the dashboard's PATCH): the scope rules of credentialRefusal, as a 403.
 * The account's own rule (an operator account) is lib/keys/lifecycle.ts's updateApiKey.
 */
export function assertMayGrantScopes(issuer: Issuer, scopes: readonly Scope[] | null | undefined): void {
  const refusal = personalScopeRefusal(issuer, scopes);
  if (refusal) throw new ApiError("FORBIDDEN", refusal);
}
