import { serverMac } from "../auth/csrf";
import { digestsEqual } from "../keys/format";
import { oauthConfig } from "./config";

/**
 * A pending authorization (`og_…`) belongs to the browser that opened it (RFC 9700 §4.7): GET
 * /oauth/authorize sets a cookie only this server can mint for that request, and the consent page
 * and its form answer "No such authorization request" in any browser without it, so a consent link
 * passed to someone else (or opened by another signed-in user) approves nothing.
 */
const cookieName = (grantId: string) => `statline_og_${grantId.slice(3)}`;
const cookieValue = (grantId: string) => serverMac("oauth-pending", grantId);

/** The Set-Cookie header for /oauth/authorize's redirect to the consent page. */
export function pendingGrantCookie(grantId: string, secure: boolean): string {
  const seconds = Math.ceil(oauthConfig.consentTtlMs / 1000);
  return [
    `${cookieName(grantId)}=${cookieValue(grantId)}`,
    "Path=/",
    `Max-Age=${seconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Whether the request's Cookie header carries the binding of this pending authorization. */
export function openedInThisBrowser(grantId: string, cookieHeader: string | null | undefined): boolean {
  const name = `${cookieName(grantId)}=`;
  const pair = (cookieHeader ?? "")
    .split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(name));
  return pair !== undefined && digestsEqual(pair.slice(name.length), cookieValue(grantId));
}
